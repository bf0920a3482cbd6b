"""Writes for a "Mafia 1923" event (HackSoft style: keyword-only, validate, save), on the forum
game's machinery: every write that touches the log runs in one transaction under the game's row
lock (``online.core.play.locked`` / ``apply``); every moderators' decision is in the audit trail
(``core.audit.log_action``) with who, when, and what it changed. docs/mafia1923-site.md."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs.selectors import person_name
from core.audit import log_action
from core.errors import ApplicationError
from online.core import clock
from online.core.models import Game, Notification, Setup, Slot
from online.core.play import apply, locked, state_of, store, thread
from online.core.services import checked_title, player_slot, setup_create, unique_slug
from online.core.visibility import MAIN
from online.engine import (
    DealRoles,
    PublishResolution,
    RuleError,
    Start,
    create_game,
    load_setup,
    resolve,
)
from online.engine.mafia1923 import OPTIONS, ROLES, Act, CastVotes, Enrol, Exile, Strike

from .formation import form_families
from .models import Entry, EventSettings, Moderator, Override, Question
from .play import is_event

MAX_TEXT = 4000
LANGUAGES = ("en", "ru")


def _text(value: str, *, required: str | None = None) -> str:
    value = (value or "").strip()
    if required is not None and not value:
        raise ApplicationError(required, code="text.required")
    if len(value) > MAX_TEXT:
        raise ApplicationError(_("At most %(n)d characters.") % {"n": MAX_TEXT}, code="text.long")
    return value


def _checked_setup(data) -> dict:
    """The event's setup as the engine loads it (its roles and settings were checked above)."""
    try:
        return load_setup(data).to_dict()
    except RuleError as error:
        raise ValidationError(_("This is not a valid setup (%(rule)s).") % {"rule": error.rule},
                              code=error.rule) from error


# --- the event -----------------------------------------------------------------------------------
def event_create(*, title: str, moderator, pool: list[dict], options: dict | None = None, webhook_url: str = "",
                 seed: str | None = None, now: datetime | None = None) -> Game:
    """A new event: its setup (the role pool and the settings), the game, sign-ups open."""
    title = checked_title(title)
    webhook_url = checked_webhook_url(webhook_url)
    unknown = sorted(set(options or {}) - set(OPTIONS))
    if unknown:
        raise ApplicationError(_("Unknown settings: %(names)s.") % {"names": ", ".join(unknown)}, code="setup.options")
    for entry in pool:
        if entry.get("role") not in ROLES:
            raise ApplicationError(_("No such role: %(role)s.") % {"role": entry.get("role")}, code="setup.role")
    data = {"ruleset": "mafia1923", "roles": [{"role": "townsperson"}, *pool], "options": options or {}}
    now = now or clock.now()
    setup = setup_create(name=title, data=data, check=_checked_setup, created_by=moderator,
                         slug=unique_slug(Setup, f"1923-{title}"))
    seed = seed or secrets.token_hex(8)
    state, log = create_game(setup.data, seed, now)
    with transaction.atomic():
        # the game's zone is the event's (its "timezone" setting): every time of it is written there
        game = Game.objects.create(slug=unique_slug(Game, title), title=title, setup=setup, moderator=moderator,
                                   seed=seed, time_zone=state.setup.option("timezone"))
        store(game, state, log)
        thread(game, MAIN)
        EventSettings.objects.create(game=game, webhook_url=webhook_url)
        log_action(game, action="m1923.created", actor=moderator, data={"options": options or {}, "pool": pool})
    return game


def _event(game: Game) -> Game:
    if not is_event(game.setup.data):
        raise ApplicationError(_("This is not a Mafia 1923 event."), code="event.not-1923")
    return game


def moderator_add(*, game: Game, user, actor) -> Moderator:
    if user.pk == game.moderator_id or Moderator.objects.filter(game=game, user=user).exists():
        raise ApplicationError(_("That account already moderates this event."), code="moderator.twice")
    if Entry.objects.filter(game=game, user=user).exists():
        raise ApplicationError(_("A player or spectator cannot moderate the same event."), code="moderator.plays")
    moderator = Moderator.objects.create(game=game, user=user)
    log_action(game, action="m1923.moderator-added", actor=actor, data={"user": user.get_username()})
    return moderator


# --- sign-up -------------------------------------------------------------------------------------
def entry_create(*, game: Game, user, level: str, request: str = Entry.Request.INDIVIDUAL, together: str = "",
                 name: str = "", language: str = "en", now: datetime | None = None) -> Entry:
    """A sign-up as a whole family, a group or an individual, at a level; spectators too."""
    now = now or clock.now()
    name = (name or person_name(user)).strip()[:60]  # the name the person is known by everywhere
    together = (together or "").strip()[:60]
    if level not in Entry.Level.values:
        raise ApplicationError(_("Choose a level: Beginner, Standard or Spectator."), code="entry.level")
    if request not in Entry.Request.values:
        raise ApplicationError(_("Sign up as a family, a group or an individual."), code="entry.request")
    if language not in LANGUAGES:
        language = "en"
    if level == Entry.Level.SPECTATOR:
        request, together = Entry.Request.INDIVIDUAL, ""  # spectators watch: no family
    elif request != Entry.Request.INDIVIDUAL and not together:
        raise ApplicationError(_("Name your family or group, the same name for all its members."),
                               code="entry.together")
    elif request == Entry.Request.INDIVIDUAL:
        together = ""
    with transaction.atomic():
        game = _event(locked(game.pk))
        if game.dealt or game.status != Game.Status.SIGNUPS or Slot.objects.filter(game=game).exists():
            raise ApplicationError(_("Sign-ups for this event are closed."), code="signup.closed")
        if _is_moderator(game, user):
            raise ApplicationError(_("The moderators do not play."), code="signup.moderator")
        if Entry.objects.filter(game=game, user=user).exists():
            raise ApplicationError(_("You have already signed up."), code="signup.twice")
        if Entry.objects.filter(game=game, name__iexact=name).exists():
            raise ApplicationError(_("Another player already uses that name here."), code="signup.name")
        same = Entry.objects.filter(game=game, together__iexact=together, request=request).count() if together else 0
        if request == Entry.Request.FAMILY and same >= 10:
            raise ApplicationError(_("That family already has 10 members."), code="entry.family-full")
        if request == Entry.Request.GROUP and same >= 7:
            raise ApplicationError(_("A group has fewer than 8 members; sign up as a whole family instead."),
                                   code="entry.group-full")
        if together and Entry.objects.filter(game=game, together__iexact=together).exclude(request=request).exists():
            raise ApplicationError(_("That name is already used by a family or group of the other kind."),
                                   code="entry.together-kind")
        try:
            with transaction.atomic():
                return Entry.objects.create(game=game, user=user, name=name, level=level, request=request,
                                            together=together, language=language, created_at=now)
        except IntegrityError as error:
            raise ApplicationError(_("You have already signed up."), code="signup.twice") from error


def entry_withdraw(*, game: Game, user) -> None:
    with transaction.atomic():
        game = locked(game.pk)
        if Slot.objects.filter(game=game).exists():
            raise ApplicationError(_("The families are enrolled: ask the moderators."), code="signup.enrolled")
        deleted, _rows = Entry.objects.filter(game=game, user=user).delete()
        if not deleted:
            raise ApplicationError(_("You are not signed up."), code="signup.none")


def _is_moderator(game: Game, user) -> bool:
    return user.pk == game.moderator_id or Moderator.objects.filter(game=game, user=user).exists()


# --- forming the families (before the enrolment) ---------------------------------------------------
def families_form(*, game: Game, actor) -> list[dict]:
    """The moderators form the families from the requests (online/mafia1923/formation.py): every
    player entry gets a family; answers the requests that could not be met (also in the audit)."""
    with transaction.atomic():
        game = _event(locked(game.pk))
        _before_enrolment(game)
        entries = list(Entry.objects.filter(game=game).exclude(level=Entry.Level.SPECTATOR))
        plan = form_families(entries)
        for entry in entries:
            entry.family = plan.family_of.get(entry.pk, "")
        Entry.objects.bulk_update(entries, ["family"])
        log_action(game, action="m1923.families-formed", actor=actor,
                   data={"families": {name: len(ids) for name, ids in plan.families.items()}, "unmet": plan.unmet})
    return plan.unmet


def entry_move(*, game: Game, entry_id: int, family: str, reason: str, actor) -> Entry:
    """A moderator moves one player to another family (or out: blank) by hand."""
    reason = _text(reason, required=_("Say why (the audit records it)."))
    with transaction.atomic():
        game = _event(locked(game.pk))
        _before_enrolment(game)
        entry = Entry.objects.filter(game=game, pk=entry_id).exclude(level=Entry.Level.SPECTATOR).first()
        if entry is None:
            raise ApplicationError(_("No such player signed up."), code="entry.unknown")
        family = (family or "").strip()[:60]
        before = entry.family
        entry.family = family
        entry.save(update_fields=["family"])
        log_action(game, action="m1923.entry-moved", actor=actor,
                   data={"entry": entry.name, "from": before, "to": family, "reason": reason})
    return entry


def _before_enrolment(game: Game) -> None:
    if Slot.objects.filter(game=game).exists():
        raise ApplicationError(_("The families are already enrolled."), code="families.enrolled")


# --- enrolment, the deal, its review, the start --------------------------------------------------
def event_enrol_and_deal(*, game: Game, actor, now: datetime | None = None) -> Game:
    """The formed families become the engine's slots (family by family), and the roles are dealt
    with the game's seeded, recorded RNG (``roles_dealt`` records its draw)."""
    now = now or clock.now()
    with transaction.atomic():
        game = _event(locked(game.pk))
        _before_enrolment(game)
        entries = list(Entry.objects.filter(game=game).exclude(level=Entry.Level.SPECTATOR))
        unplaced = [entry.name for entry in entries if not entry.family]
        if unplaced:
            raise ApplicationError(_("Not every player has a family yet: %(names)s.")
                                   % {"names": ", ".join(unplaced[:10])}, code="families.unplaced")
        families: dict[str, list[Entry]] = {}
        for entry in entries:
            families.setdefault(entry.family, []).append(entry)
        commands, slots = [], []
        for family, members in families.items():
            if len(members) not in (8, 10):
                raise ApplicationError(_("Family “%(family)s” has %(n)d players; a family has 8 or 10.")
                                       % {"family": family, "n": len(members)}, code="deal.family-size")
            for entry in members:
                slots.append(Slot(game=game, number=len(slots) + 1, user_id=entry.user_id, name=entry.name))
                commands.append(Enrol(at=now, name=entry.name, family=family, level=entry.level))
        if not slots:
            raise ApplicationError(_("No one has signed up to play."), code="deal.wrong-count")
        Slot.objects.bulk_create(slots)
        commands.append(DealRoles(at=now))
        apply(game, commands)
        EventSettings.objects.filter(game=game).update(formed_at=now)
        log_action(game, action="m1923.enrolled-and-dealt", actor=actor,
                   data={"families": {name: len(members) for name, members in families.items()}})
    return game


def deal_again(*, game: Game, actor, now: datetime | None = None) -> None:
    """Deal again at random (the next draw of the seeded RNG), before the start."""
    now = now or clock.now()
    with transaction.atomic():
        game = _event(locked(game.pk))
        apply(game, [DealRoles(at=now)])
        log_action(game, action="m1923.dealt-again", actor=actor, data={})


def deal_adjust(*, game: Game, changes: dict[int, object], reason: str, actor, now: datetime | None = None) -> None:
    """The moderators' adjustment of the deal before the start: the current deal with these
    slots changed (``{slot: role}`` or ``{slot: {"role", "mafia": True}}``), checked by the engine
    as a hand deal (Beginners, Mafia Members per family, the second-role list)."""
    now = now or clock.now()
    reason = _text(reason, required=_("Say why (the audit records it)."))
    with transaction.atomic():
        game = _event(locked(game.pk))
        state = state_of(game)
        if not state.dealt:
            raise ApplicationError(_("Deal the roles first."), code="deal.not-dealt")
        hand: dict[int, object] = {}
        for slot in state.slots:
            mafia = slot.side == "mafia"
            hand[slot.number] = {"role": slot.role, "mafia": True} if mafia and slot.role != "mafia_member" else slot.role
        before = {number: hand[number] for number in changes if number in hand}
        for number, value in changes.items():
            if number not in hand:
                raise ApplicationError(_("No such player in this event."), code="slot.unknown")
            hand[number] = value
        apply(game, [DealRoles(at=now, roles=hand)])
        log_action(game, action="m1923.deal-adjusted", actor=actor,
                   data={"before": {str(k): v for k, v in before.items()},
                         "after": {str(k): v for k, v in changes.items()}, "reason": reason})


def event_start(*, game: Game, actor, now: datetime | None = None) -> Game:
    """The event starts: Night 1 opens on the first Saturday night (Israel time) from now."""
    now = now or clock.now()
    with transaction.atomic():
        game = _event(locked(game.pk))
        apply(game, [Start(at=now)])
        users = list(game.slots.values_list("user_id", flat=True))
        Notification.objects.bulk_create(
            Notification(user_id=user_id, game=game, kind=Notification.Kind.ROLE, created_at=now,
                         url=reverse("m1923:event", kwargs={"slug": game.slug}), params={"m1923": "started"})
            for user_id in users)
        log_action(game, action="m1923.started", actor=actor, data={})
    return game


# --- players -------------------------------------------------------------------------------------
def action_submit(*, game: Game, user, ability: str, player: int | None = None, players: list[int] | None = None,
                  family: str | None = None, now: datetime | None = None) -> None:
    """A night or day action; again, and the last counts; no target at all withdraws it. At the
    wrong time the engine refuses it (``action.wrong-time``) and no use is spent."""
    now = now or clock.now()
    _warm(game)
    with transaction.atomic():
        game = locked(game.pk)
        slot = player_slot(game, user)
        apply(game, [Act(at=now, actor=slot.number, ability=ability, player=player,
                         players=list(players) if players else None, family=family or None)])


def votes_cast(*, game: Game, user, family: str | None, player: int | None = None,
               now: datetime | None = None) -> None:
    """The day's two votes on one form: a family (not one's own) and a member of one's family."""
    now = now or clock.now()
    _warm(game)
    with transaction.atomic():
        game = locked(game.pk)
        slot = player_slot(game, user)
        apply(game, [CastVotes(at=now, actor=slot.number, family=family or None, player=player)])


def _warm(game: Game) -> None:
    """Bring this process's kept state up to date before taking the game's lock, so that under
    the lock only the events appended meanwhile are applied: hundreds of players submit to one
    event, and each holds the lock the others wait for."""
    game.refresh_from_db(fields=["event_count"])
    state_of(game)


def question_ask(*, game: Game, user, body: str, now: datetime | None = None) -> Question:
    """A question to the moderators, in the private channel."""
    body = _text(body, required=_("Write your question."))
    if _is_moderator(game, user):
        raise ApplicationError(_("Moderators answer questions; they do not ask them here."), code="question.moderator")
    if not Entry.objects.filter(game=game, user=user).exists() and not game.slots.filter(user=user).exists():
        raise ApplicationError(_("Only those signed up for this event ask its moderators."), code="question.outsider")
    return Question.objects.create(game=game, user=user, body=body, created_at=now or clock.now())


def question_answer(*, game: Game, question_id: int, answer: str, actor, now: datetime | None = None) -> Question:
    """A moderator's answer; the asker is told that an answer is there (the notification and the
    audit carry no content: the channel's content stays on the questions pages)."""
    now = now or clock.now()
    answer = _text(answer, required=_("Write the answer."))
    question = Question.objects.filter(game=game, pk=question_id).first()
    if question is None:
        raise ApplicationError(_("No such question."), code="question.unknown")
    question.answer, question.answered_by, question.answered_at = answer, actor, now
    question.save(update_fields=["answer", "answered_by", "answered_at"])
    Notification.objects.create(user_id=question.user_id, game=game, kind=Notification.Kind.GAME, created_at=now,
                                url=reverse("m1923:questions", kwargs={"slug": game.slug}),
                                params={"m1923": "answered"})
    log_action(game, action="m1923.question-answered", actor=actor, data={"question": question.pk})
    return question


# --- the moderators during the event ------------------------------------------------------------
def override_add(*, game: Game, kind: str, reason: str, actor, slot: int | None = None, text: str = "",
                 now: datetime | None = None) -> Override:
    """An override of the pending draft, with its reason: recorded, and in the audit."""
    now = now or clock.now()
    reason = _text(reason, required=_("Explain the override (the audit records it)."))
    text = _text(text)
    if kind not in Override.Kind.values:
        raise ApplicationError(_("Choose what to override."), code="override.kind")
    with transaction.atomic():
        game = _event(locked(game.pk))
        state = state_of(game)
        if state.pending is None:
            raise ApplicationError(_("There is no draft to override."), code="override.no-draft")
        if kind != Override.Kind.PUBLIC_NOTE:
            preview = draft_state(state, now)
            if slot is None or not preview.has_slot(slot):
                raise ApplicationError(_("Choose a player."), code="slot.unknown")
            if not preview.slot(slot).alive:
                raise ApplicationError(_("Dead players receive only public messages."), code="override.dead")
        if kind != Override.Kind.WITHHOLD and not text:
            raise ApplicationError(_("Write the note."), code="override.text")
        override = Override.objects.create(game=game, phase=game.phase, kind=kind, slot=slot, text=text, reason=reason,
                                           by=actor, at=now)
        log_action(game, action="m1923.override", actor=actor,
                   data={"phase": game.phase, "kind": kind, "slot": slot, "text": text, "reason": reason})
    return override


def draft_state(state, now: datetime):
    """The state as it will be once the pending draft is published (nothing is stored)."""
    return resolve(state, [PublishResolution(at=max(now, state.clock))])[0]


def draft_publish(*, game: Game, actor, now: datetime | None = None) -> None:
    """The moderators publish the window's draft (with its overrides): the announcements and
    private messages go out in the same transaction (online/mafia1923/play.py)."""
    now = now or clock.now()
    with transaction.atomic():
        game = _event(locked(game.pk))
        phase = game.phase
        apply(game, [PublishResolution(at=now)])
        overrides = list(Override.objects.filter(game=game, phase=phase).values("kind", "slot", "reason"))
        log_action(game, action="m1923.published", actor=actor, data={"phase": phase, "overrides": overrides})


def player_exile(*, game: Game, number: int, note: str, actor, now: datetime | None = None) -> None:
    """The moderators exile a player (seed 004: "for any reason"); the reason is in the audit."""
    _judge_player(game, Exile, "m1923.exiled", number, note, actor, now)


def player_strike(*, game: Game, number: int, note: str, actor, now: datetime | None = None) -> None:
    """An improper vote the engine could not see (two exile the player at the day's end)."""
    _judge_player(game, Strike, "m1923.struck", number, note, actor, now)


def _judge_player(game: Game, command, action: str, number: int, note: str, actor, now) -> None:
    note = _text(note, required=_("Say why (the audit records it)."))
    with transaction.atomic():
        game = _event(locked(game.pk))
        apply(game, [command(at=now or clock.now(), slot=number, note=note)])
        log_action(game, action=action, actor=actor, data={"slot": number, "note": note})


def checked_webhook_url(url: str) -> str:
    """The chat server's address, the one rule for it: empty (no webhook) or an http(s) address
    that fits its column."""
    url = (url or "").strip()
    limit = EventSettings._meta.get_field("webhook_url").max_length
    if len(url) > limit:
        raise ApplicationError(_("The web address is too long: at most %(limit)s characters.") % {"limit": limit},
                               code="webhook.too-long")
    if url:
        try:
            URLValidator(schemes=["http", "https"])(url)
        except ValidationError as error:
            raise ApplicationError(_("That is not a web address."), code="webhook.url") from error
    return url


def webhook_set(*, game: Game, url: str, actor) -> None:
    url = checked_webhook_url(url)
    EventSettings.objects.update_or_create(game=game, defaults={"webhook_url": url})
    log_action(game, action="m1923.webhook", actor=actor, data={"url": url})
