"""Mafia 1923 on the site (issue 18; docs/mafia1923-site.md): one test per site rule, through the
services and the pages (tests/online/site/mafia1923_kit.py builds events)."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer
from io import StringIO
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.utils import translation

from clubs.selectors import person_name
from core.errors import ApplicationError
from core.models import AuditEntry
from online.core import clock
from online.core.play import apply, locked, state_of
from online.engine import PauseDeadline, replay
from online.engine.mafia1923 import replay_event
from online.forum import services as forum
from online.mafia1923 import services
from online.mafia1923.formation import best_sizes, form_families
from online.mafia1923.models import Entry, Override, Question
from online.mafia1923.recipients import PRIVATE, PUBLIC
from online.models import Game, GameEvent, Notification, Post, Slot
from tests.factories import UserFactory, UserPlayerFactory
from tests.online.factories import a_setup
from tests.online.site.mafia1923_kit import START, Event, reload

pytestmark = pytest.mark.django_db
ISRAEL = ZoneInfo("Asia/Jerusalem")


@pytest.fixture(autouse=True)
def _site_clock():
    """The kit moves the site's clock (online/core/clock.py) to the event's instants; put it back."""
    yield
    clock.reset()


def log_of(game):
    return list(game.events.order_by("index").values_list("data", flat=True))


def public_posts(game):
    return list(Post.objects.filter(game=game, event__type=PUBLIC).order_by("pk"))


def private_posts(game, number=None):
    rows = Post.objects.filter(game=game, event__type=PRIVATE).select_related("thread").order_by("pk")
    return [p for p in rows if number is None or p.thread.key == f"slot:{number}"]


# --- sign-up ---------------------------------------------------------------------------------------
def test_sign_up_as_a_family_a_group_or_an_individual_at_a_level():
    event = Event(sizes=(), prefix="su")
    game = event.game
    users = [UserFactory(username=f"su-x{n}") for n in range(12)]
    services.entry_create(game=game, user=users[0], level="standard", request="group", together="Cohens", now=START)
    entry = services.entry_create(game=game, user=users[1], level="spectator", request="family", together="X",
                                  now=START)
    assert (entry.request, entry.together, entry.plays) == ("individual", "", False), "spectators join no family"
    with pytest.raises(ApplicationError, match="level"):
        services.entry_create(game=game, user=users[2], level="expert", now=START)
    with pytest.raises(ApplicationError, match="Name your family"):
        services.entry_create(game=game, user=users[2], level="beginner", request="group", now=START)
    with pytest.raises(ApplicationError, match="moderators do not play"):
        services.entry_create(game=game, user=event.moderator, level="standard", now=START)
    with pytest.raises(ApplicationError, match="already signed up"):
        services.entry_create(game=game, user=users[0], level="standard", now=START)
    for n in range(2, 8):
        services.entry_create(game=game, user=users[n], level="beginner", request="group", together="cohens",
                              now=START)
    with pytest.raises(ApplicationError, match="fewer than 8"):
        services.entry_create(game=game, user=users[8], level="beginner", request="group", together="Cohens",
                              now=START)
    services.entry_withdraw(game=game, user=users[7])
    assert Entry.objects.filter(game=game).count() == 7


def _entries(*specs):
    """(request, together, count) → fake entries in sign-up order."""
    rows, pk = [], 0
    for request, together, count in specs:
        for _n in range(count):
            pk += 1
            rows.append(SimpleNamespace(pk=pk, name=f"p{pk}", request=request, together=together))
    return rows


def test_forming_keeps_whole_families_and_groups_together_and_shows_the_unmet_requests():
    entries = _entries(("family", "Levi", 10), ("family", "Katz", 7), ("group", "Friends", 5),
                       ("group", "Pair", 2), ("individual", "", 4))
    plan = form_families(entries)
    assert plan.families["Levi"] == list(range(1, 11)), "a whole family of 10 stays as it is"
    by_family = {}
    for pk, name in plan.family_of.items():
        by_family.setdefault(name, set()).add(pk)
    for group in ({11, 12, 13, 14, 15, 16, 17}, {18, 19, 20, 21, 22}, {23, 24}):
        assert any(group <= members for members in by_family.values()), f"group {group} kept together"
    assert sorted(len(m) for m in plan.families.values()) == [8, 10, 10], "18 others: one 10 and one 8"
    assert {"kind": "family", "name": "Katz", "size": 7, "reason": "size"} in plan.unmet
    assert all(len(members) in (8, 10) for members in plan.families.values())


def test_forming_leaves_out_the_last_individuals_when_the_count_is_not_8a_plus_10b():
    plan = form_families(_entries(("group", "G", 6), ("individual", "", 11)))  # 17 players: two families of 8
    assert best_sizes(17) == [8, 8]
    assert [u["name"] for u in plan.unmet] == ["p17"], "the last to sign up is left without a place"
    assert best_sizes(20) == [10, 10] and best_sizes(18) == [10, 8] and best_sizes(7) == []
    split = form_families(_entries(("group", "A", 6), ("group", "B", 6), ("group", "C", 4)))
    assert {"kind": "group", "name": "C", "size": 4, "reason": "split"} in split.unmet


def test_the_moderators_form_the_families_move_a_player_and_it_is_audited():
    event = Event(sizes=(), prefix="fm")
    game = event.game
    for n in range(9):
        services.entry_create(game=game, user=UserFactory(username=f"fm-{n}"), level="beginner",
                              request="family", together="Big", now=START)
    for n in range(7):
        services.entry_create(game=game, user=UserFactory(username=f"fm-i{n}"), level="beginner", now=START)
    unmet = services.families_form(game=game, actor=event.moderator)
    assert unmet[0] == {"kind": "family", "name": "Big", "size": 9, "reason": "size"}
    counts = {}
    for entry in Entry.objects.filter(game=game):
        counts[entry.family] = counts.get(entry.family, 0) + 1
    assert sorted(counts.values()) == [8, 8]
    entry = Entry.objects.filter(game=game).first()
    with pytest.raises(ApplicationError, match="why"):
        services.entry_move(game=game, entry_id=entry.pk, family="Elsewhere", reason="", actor=event.moderator)
    services.entry_move(game=game, entry_id=entry.pk, family="Elsewhere", reason="asked to", actor=event.moderator)
    with pytest.raises(ApplicationError, match="8 or 10"):
        services.event_enrol_and_deal(game=game, actor=event.moderator, now=START)
    actions = list(AuditEntry.objects.filter(object_id=str(game.pk)).values_list("action", flat=True))
    assert "m1923.families-formed" in actions and "m1923.entry-moved" in actions


# --- the deal --------------------------------------------------------------------------------------
def test_one_mafia_member_in_a_family_of_8_and_two_in_a_family_of_10():
    event = Event(sizes=(8, 10), start=False, prefix="mm")
    state = event.state
    from online.engine.mafia1923.events import ext

    for family, members in ext(state).families.items():
        mafia = [n for n in members if state.slot(n).side == "mafia"]
        assert len(mafia) == {8: 1, 10: 2}[len(members)], family


def test_beginners_are_dealt_only_townsperson_or_mafia_member_and_the_deal_is_seeded_and_recorded():
    event = Event(sizes=(10, 10), beginners=6, start=False, prefix="bg")
    state = event.state
    from online.engine.mafia1923.events import ext

    beginners = [n for n, level in ext(state).level_of.items() if level == "beginner"]
    assert beginners and all(state.slot(n).role in ("townsperson", "mafia_member") for n in beginners)
    dealt = [e for e in log_of(event.game) if e["type"] == "roles_dealt"]
    assert dealt[0]["draw"] == 0, "the deal is a recorded draw of the seeded RNG"
    again = Event(sizes=(10, 10), beginners=6, start=False, prefix="bh")  # the same seed
    assert {s.number: s.role for s in again.state.slots} == {s.number: s.role for s in state.slots}
    assert replay(log_of(event.game)).snapshot() == state.snapshot()


def test_the_moderators_adjust_the_deal_before_the_start_with_the_reason_in_the_audit():
    event = Event(sizes=(8,), beginners=4, start=False, prefix="ad")
    state = event.state
    standard = next(s.number for s in state.slots if s.number > 4 and s.side != "mafia")
    beginner = next(s.number for s in state.slots if s.number <= 4 and s.side != "mafia")
    services.deal_adjust(game=event.game, changes={standard: "lawyer"}, reason="balance", actor=event.moderator,
                         now=START)
    assert event.role(standard) == "lawyer"
    with pytest.raises(ApplicationError, match="Beginners"):
        services.deal_adjust(game=event.game, changes={beginner: "doctor"}, reason="x", actor=event.moderator,
                             now=START)
    with pytest.raises(ApplicationError, match="second roles"):
        services.deal_adjust(game=event.game, changes={standard: {"role": "thief", "mafia": True}}, reason="x",
                             actor=event.moderator, now=START)
    entry = AuditEntry.objects.filter(action="m1923.deal-adjusted").get()
    assert entry.data["reason"] == "balance" and entry.data["after"] == {str(standard): "lawyer"}
    services.event_start(game=event.game, actor=event.moderator, now=START)
    with pytest.raises(ApplicationError):
        services.deal_adjust(game=event.game, changes={standard: "doctor"}, reason="late", actor=event.moderator,
                             now=START)


def test_the_mafia_second_role_list_is_a_setting_empty_by_default():
    event = Event(sizes=(8,), start=False, prefix="sr", options={"mafia_second_roles": ["thief"]}, beginners=0)
    mafia = event.mafia()[0]
    services.deal_adjust(game=event.game, changes={mafia: {"role": "thief", "mafia": True}}, reason="setting",
                         actor=event.moderator, now=START)
    slot = event.state.slot(mafia)
    assert (slot.role, slot.side) == ("thief", "mafia")
    default = Event(sizes=(8,), start=False, prefix="sd", beginners=0)
    assert default.state.setup.option("mafia_second_roles") == []


# --- the schedule ----------------------------------------------------------------------------------
def test_the_windows_are_israel_time_with_daylight_saving_from_saturday_night_to_thursday():
    winter = Event(sizes=(8,), prefix="wi")
    n1 = winter.state.phase
    assert n1.started_at == datetime(2026, 11, 28, 19, 0, tzinfo=UTC), "21:00 in Israel, winter time (UTC+2)"
    assert n1.started_at.astimezone(ISRAEL).strftime("%a %H:%M") == "Sat 21:00"
    assert n1.deadline.astimezone(ISRAEL).strftime("%a %H:%M") == "Sun 07:00"
    from online.mafia1923.selectors import schedule

    rows = schedule(winter.state)
    assert [r["phase"] for r in rows][-1] == "D5"
    assert rows[-1]["start"].astimezone(ISRAEL).strftime("%a %H:%M") == "Thu 09:00"
    assert rows[-1]["end"].astimezone(ISRAEL).strftime("%a %H:%M") == "Thu 19:00"
    summer = Event(sizes=(8,), prefix="su2", at=datetime(2026, 6, 1, 10, 0, tzinfo=UTC))
    started = summer.state.phase.started_at
    assert started == datetime(2026, 6, 6, 18, 0, tzinfo=UTC), "21:00 in Israel, summer time (UTC+3)"


def test_a_window_end_drafts_the_resolution_for_the_moderators_only(client):
    event = Event(prefix="dr")
    mafia = event.mafia()[0]
    victims = [s.number for s in event.state.slots if s.side != "mafia"][:2]
    event.act(mafia, "kill", players=victims)
    event.end_window()
    state = event.state
    assert state.pending is not None and event.game.phase == "N1"
    assert not public_posts(event.game), "nothing is published before the moderators (or the clock) publish"
    assert all(state.slot(v).alive for v in victims)
    client.force_login(event.users[victims[0]])
    page = client.get(f"/online/1923/{event.game.slug}/").content.decode()
    assert "preparing its announcements" in page and "was killed" not in page
    client.force_login(event.moderator)
    console = client.get(f"/organize/online/1923/{event.game.slug}/").content.decode()
    assert "The draft of Night 1" in console and "was killed" in console
    assert Notification.objects.filter(user=event.moderator, params__m1923="draft").exists()


def test_the_clock_publishes_the_draft_at_the_buffers_end_and_the_task_is_scheduled(
        settings, monkeypatch, django_capture_on_commit_callbacks):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    scheduled = []
    from online import tasks

    monkeypatch.setattr(tasks.resolve_deadline, "apply_async", lambda args, eta: scheduled.append((args, eta)))
    event = Event(sizes=(8, 8), prefix="ck")
    with django_capture_on_commit_callbacks(execute=True):
        event.end_window()
    event.game.refresh_from_db()
    nine = datetime(2026, 11, 29, 7, 0, tzinfo=UTC)  # 09:00 in Israel: Day 1 opens, the buffer ends
    assert event.game.deadline == nine, "the cached deadline is the buffer's end while the draft waits"
    assert scheduled == [((event.game.pk, "N1"), nine)], "a task for the buffer's end, after the commit"
    from online.core.deadlines import resolve_due_phase

    assert resolve_due_phase(event.game.pk, nine - timedelta(seconds=1)) == 0, "not before the buffer's end"
    assert resolve_due_phase(event.game.pk, nine, phase="N1") == 1
    assert event.phase == "D1" and len(public_posts(event.game)) == 1
    assert resolve_due_phase(event.game.pk, nine, phase="N1") == 0, "twice is harmless"
    published = [e for e in log_of(event.game) if e["type"] == "resolution_published"]
    assert len(published) == 1


def test_the_last_days_draft_is_published_by_the_clock_two_hours_after_the_window(settings):
    event = Event(sizes=(8, 8), prefix="ld", options={"days": 1})
    event.next_window()
    event.everyone_votes()
    event.end_window()
    event.game.refresh_from_db()
    ends = datetime(2026, 11, 29, 17, 0, tzinfo=UTC)  # Day 1 ends 19:00 in Israel
    assert event.game.deadline == ends + timedelta(hours=2)
    event.publish(by_clock=True)
    assert event.game.is_over
    assert public_posts(event.game)[-1].event["result"] is not None


def test_overrides_are_recorded_explained_in_the_audit_and_change_what_goes_out():
    event = Event(prefix="ov")
    detective = event.slots_with("detective")[0]
    boss = event.slots_with("boss")[0]
    event.act(detective, "inquire", player=boss)
    event.act(boss, "cancel", player=1 if boss != 1 else 2)
    event.end_window()
    with pytest.raises(ApplicationError, match="Explain"):
        services.override_add(game=event.game, kind="public-note", text="Welcome", reason="", actor=event.moderator)
    services.override_add(game=event.game, kind="public-note", text="Welcome to Day 1", reason="greeting",
                          actor=event.moderator)
    services.override_add(game=event.game, kind="withhold", slot=detective, reason="result under review",
                          actor=event.moderator)
    event.publish()
    public = public_posts(event.game)[-1]
    assert public.event["notes"] == ["Welcome to Day 1"]
    assert not private_posts(event.game, detective), "the held-back message did not go out"
    audit = AuditEntry.objects.filter(action="m1923.override").order_by("pk")
    assert [a.data["reason"] for a in audit] == ["greeting", "result under review"]
    assert AuditEntry.objects.filter(action="m1923.published").get().data["overrides"][1]["kind"] == "withhold"
    with pytest.raises(ApplicationError, match="no draft"):
        services.override_add(game=event.game, kind="public-note", text="x", reason="y", actor=event.moderator)


# --- the forms -------------------------------------------------------------------------------------
def test_the_action_form_shows_only_what_the_player_may_do_now_with_uses_left(client):
    event = Event(prefix="fo")
    butler = event.slots_with("butler")[0]
    town = next(s.number for s in event.state.slots if s.role == "townsperson")
    client.force_login(event.users[butler])
    page = client.get(f"/online/1923/{event.game.slug}/actions/").content.decode()
    assert "Poison a player" in page and "2 uses left" in page
    assert "Save a player" not in page and "Cast my votes" not in page
    client.force_login(event.users[town])
    page = client.get(f"/online/1923/{event.game.slug}/actions/").content.decode()
    assert "You have no action to take now." in page
    page = client.get(f"/online/1923/{event.game.slug}/votes/").content.decode()
    assert "You have no votes to cast now." in page, "no votes at night"
    event.next_window()
    page = client.get(f"/online/1923/{event.game.slug}/votes/").content.decode()
    assert "Cast my votes" in page and "Individual vote" in page


def test_a_wrong_time_action_is_refused_and_spends_no_use(client):
    event = Event(prefix="wt")
    event.next_window()  # Day 1
    butler = event.slots_with("butler")[0]
    target = next(s.number for s in event.state.slots if s.number != butler)
    client.force_login(event.users[butler])
    response = client.post(f"/online/1923/{event.game.slug}/actions/", {"ability": "poison", "player": target},
                           follow=True)
    assert "No use was spent" in response.content.decode()
    assert not [e for e in log_of(event.game) if e["type"] == "action_submitted"]
    event.next_window()  # Night 2
    from online.engine.mafia1923 import available_actions

    poison = next(a for a in available_actions(event.state, butler) if a["ability"] == "poison")
    assert poison["uses_left"] == 2


def test_the_votes_form_casts_both_votes_and_refuses_improper_ones(client):
    event = Event(prefix="vf")
    event.next_window()
    state = event.state
    voter = 1
    own = event.family(voter)
    other_family = next(f for f in ("F1", "F2", "F3") if f != own)
    mate = next(n for n in range(2, 9) if event.family(n) == own)
    client.force_login(event.users[voter])
    refused = client.post(f"/online/1923/{event.game.slug}/votes/", {"family": own, "player": mate}, follow=True)
    assert "your own family" in refused.content.decode()
    client.post(f"/online/1923/{event.game.slug}/votes/", {"family": other_family, "player": mate})
    state = event.state
    assert state.ballots[("D1", "family")].current[voter][0] == other_family
    assert state.ballots[("D1", "individual")].current[voter][0] == mate


# --- delivery --------------------------------------------------------------------------------------
def test_dead_players_receive_only_public_messages():
    event = Event(prefix="de")
    detective = event.slots_with("detective")[0]
    mafia = event.mafia()
    event.act(detective, "inquire", player=mafia[0])
    quota = 2  # 24 living / 20, rounded up
    victims = [detective] + [s.number for s in event.state.slots if s.side != "mafia" and s.number != detective][:quota - 1]
    event.act(mafia[0], "kill", players=victims)
    event.next_window()
    assert not event.state.slot(detective).alive
    assert not private_posts(event.game, detective), "the dead Detective gets no result"
    assert not Notification.objects.filter(user=event.users[detective], params__m1923="private").exists()
    assert Notification.objects.filter(user=event.users[detective], params__m1923="published").exists()
    event.end_window()
    with pytest.raises(ApplicationError, match="Dead players"):
        services.override_add(game=event.game, kind="private-note", slot=detective, text="hi", reason="r",
                              actor=event.moderator)


def test_spectators_receive_every_public_message_and_nothing_else(client, mailoutbox,
                                                                   django_capture_on_commit_callbacks):
    event = Event(prefix="sp", spectators=1)
    spectator = event.spectators[0]
    witness = event.slots_with("witness")[0]
    mafia = event.mafia()
    event.act(mafia[0], "kill", players=[s.number for s in event.state.slots if s.side != "mafia"][:2])
    event.end_window()
    with django_capture_on_commit_callbacks(execute=True):
        event.publish()
    texts = [note.text for note in Notification.objects.filter(user=spectator)]
    assert texts == ["The morning after Night 1: the announcements are out."]
    mails = [m for m in mailoutbox if m.to == [spectator.email]]
    assert len(mails) == 1 and "was killed" in mails[0].body
    assert "Witness" not in mails[0].body
    witness_mail = next(m for m in mailoutbox if m.to == [event.users[witness].email])
    assert "Witness:" in witness_mail.body, "the Witness's own e-mail carries their private message"
    client.force_login(spectator)
    page = client.get(f"/online/1923/{event.game.slug}/").content.decode()
    assert "was killed" in page and "Your private messages" not in page and "Your role" not in page


def test_notifications_and_e_mails_are_in_the_recipients_language(mailoutbox, django_capture_on_commit_callbacks):
    event = Event(prefix="la", spectators=0)
    russian = event.users[1]
    Entry.objects.filter(game=event.game, user=russian).update(language="ru")
    event.end_window()
    with django_capture_on_commit_callbacks(execute=True):
        event.publish()
    with translation.override("ru"):  # an in-site notification is written in the reader's language when read
        ru = Notification.objects.filter(user=russian, game=event.game).latest("pk").text
    en = Notification.objects.filter(user=event.users[2], game=event.game).latest("pk").text
    assert en == "The morning after Night 1: the announcements are out."
    assert ru != en and "Ночь 1" in ru
    mail = next(m for m in mailoutbox if m.to == [russian.email])
    assert "Никто не погиб" in mail.body or "убит" in mail.body


class _Hook(BaseHTTPRequestHandler):
    received: list = []

    def do_POST(self):  # noqa: N802 (the standard library's name)
        body = self.rfile.read(int(self.headers["Content-Length"]))
        _Hook.received.append(json.loads(body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        return None


def test_the_webhook_posts_the_public_announcement_to_a_chat_server(django_capture_on_commit_callbacks):
    server = HTTPServer(("127.0.0.1", 0), _Hook)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Hook.received = []
    try:
        event = Event(prefix="wh")
        services.webhook_set(game=event.game, url=f"http://127.0.0.1:{server.server_port}/hook",
                             actor=event.moderator)
        detective = event.slots_with("detective")[0]
        event.act(detective, "inquire", player=event.mafia()[0])
        event.act(event.mafia()[0], "kill", players=[s.number for s in event.state.slots if s.side != "mafia"][-2:])
        event.end_window()
        with django_capture_on_commit_callbacks(execute=True):
            event.publish()
    finally:
        server.shutdown()
    assert len(_Hook.received) == 1
    payload = _Hook.received[0]
    assert payload["phase"] == "N1" and "was killed" in payload["content"]
    text = json.dumps(payload)
    assert "detective" not in text.lower() and "mafia" not in text.lower(), "public only: no role, no result"
    with pytest.raises(ApplicationError):
        services.webhook_set(game=event.game, url="ftp://nowhere", actor=event.moderator)


def test_the_questions_channel_is_between_the_asker_and_the_moderators(client):
    event = Event(prefix="qu")
    question = services.question_ask(game=event.game, user=event.users[1], body="Is the Sheriff secret-X?")
    client.force_login(event.users[2])
    assert "secret-X" not in client.get(f"/online/1923/{event.game.slug}/questions/").content.decode()
    client.force_login(event.users[1])
    assert "secret-X" in client.get(f"/online/1923/{event.game.slug}/questions/").content.decode()
    client.force_login(event.moderator)
    assert "secret-X" in client.get(f"/organize/online/1923/{event.game.slug}/").content.decode()
    services.question_answer(game=event.game, question_id=question.pk, answer="Answer-Y", actor=event.moderator)
    note = Notification.objects.filter(user=event.users[1], params__m1923="answered").get()
    assert "Answer-Y" not in note.text and "secret-X" not in note.text
    assert not AuditEntry.objects.filter(data__icontains="secret-X").exists()
    assert not AuditEntry.objects.filter(data__icontains="Answer-Y").exists()
    event.end_window()
    assert "secret-X" not in json.dumps(list(Post.objects.filter(game=event.game).values("event", "body")))
    with pytest.raises(ApplicationError):
        services.question_ask(game=event.game, user=UserFactory(username="qu-outsider"), body="?")
    assert Question.objects.filter(game=event.game).count() == 1


def test_the_moderators_exile_with_a_reason_told_to_the_player_alone_never_announced(client):
    """Seed 004, "Announcements": "The only events that are announced publicly are deaths,
    poisonings, and being cured from poison." The exiled player is told privately, the
    moderators see it in the console, the public board still shows the player living."""
    event = Event(prefix="ex")
    with pytest.raises(ApplicationError):
        services.player_exile(game=event.game, number=3, note="", actor=event.moderator)
    services.player_exile(game=event.game, number=3, note="tampering", actor=event.moderator)
    assert event.state.slot(3).left["how"] == "exiled"
    event.next_window()
    public = public_posts(event.game)[-1].event["public"]
    assert "exiled" not in public and 3 not in [d["slot"] for d in public["deaths"]]
    (told,) = private_posts(event.game, 3)
    assert told.event["results"] == [{"kind": "exiled", "reason": "moderators"}]
    assert AuditEntry.objects.filter(action="m1923.exiled").get().data["note"] == "tampering"
    slug = event.game.slug
    client.force_login(event.users[4])  # another player of the family
    for page in ("board/", "family/1/", "votes/"):
        assert "exile" not in client.get(f"/online/1923/{slug}/{page}").content.decode().lower(), page
    client.force_login(event.users[3])
    own = client.get(f"/online/1923/{slug}/").content.decode()
    assert "The moderators have exiled you." in own and "exiled" in own.split("Status:")[1][:80]
    client.force_login(event.moderator)
    assert "exiled" in client.get(f"/organize/online/1923/{slug}/").content.decode()


def test_a_co_moderator_runs_the_console_and_players_cannot(client):
    event = Event(prefix="cm")
    helper = UserFactory(username="cm-helper")
    services.moderator_add(game=event.game, user=helper, actor=event.moderator)
    client.force_login(helper)
    assert client.get(f"/organize/online/1923/{event.game.slug}/").status_code == 200
    client.force_login(event.users[1])
    assert client.get(f"/organize/online/1923/{event.game.slug}/").status_code == 403
    assert client.post(f"/organize/online/1923/{event.game.slug}/publish/").status_code == 403


def test_every_page_answers_every_kind_of_viewer(client):
    event = Event(prefix="pg", spectators=1)
    slug = event.game.slug
    pages = ["/online/1923/", f"/online/1923/{slug}/", f"/online/1923/{slug}/actions/", f"/online/1923/{slug}/votes/",
             f"/online/1923/{slug}/family/1/", f"/online/1923/{slug}/board/"]
    for user in (None, event.users[1], event.spectators[0], event.moderator):
        if user is not None:
            client.force_login(user)
        for url in pages:
            assert client.get(url).status_code == 200, (user, url)
    assert client.get(f"/online/1923/{slug}/family/99/").status_code == 404
    client.cookies["django_language"] = "ru"  # the same pages in Russian, times in Israel time
    client.force_login(event.users[1])
    page = client.get(f"/online/1923/{slug}/").content.decode()
    assert "Ваша роль:" in page and "Расписание" in page
    # every time as the site writes times (core/written.py), in the event's zone: in Russian its offset
    assert "Ночь 1: сб, 28 ноября 2026, 21:00 UTC+2 – вс, 29 ноября 2026, 07:00 UTC+2" in page, \
        "Night 1 in Israel time, in Russian"
    assert client.get(f"/online/{slug}/").status_code == 404, "the forum game's pages do not serve events"


def test_the_event_page_shows_a_player_their_own_role_only(client):
    event = Event(prefix="ro")
    state = event.state
    client.force_login(event.users[1])
    page = client.get(f"/online/1923/{event.game.slug}/").content.decode()
    own = state.slot(1).role
    from online.mafia1923.texts import role_name

    assert role_name(own) in page
    board = client.get(f"/online/1923/{event.game.slug}/board/").content.decode()
    assert all(role_name(role) not in board for role in ("doctor", "butler", "boss", "witness"))


# --- replay ----------------------------------------------------------------------------------------
def test_the_command_replays_a_stored_event_and_prints_it_as_json(tmp_path):
    event = Event(prefix="rp")
    event.act(event.mafia()[0], "kill", players=[s.number for s in event.state.slots if s.side != "mafia"][:2])
    event.next_window()
    out = StringIO()
    call_command("replay_mafia1923_event", event.game.slug, stdout=out)
    printed = json.loads(out.getvalue())
    expected = json.loads(json.dumps(replay_event(log_of(event.game)), default=str))
    assert printed["windows"] == expected["windows"] and printed["players"] == expected["players"]
    assert printed["seed"] == "site" and printed["events"] == GameEvent.objects.filter(game=event.game).count()
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log_of(event.game)))
    out = StringIO()
    call_command("replay_mafia1923_event", "--file", str(path), stdout=out)
    assert json.loads(out.getvalue())["windows"] == printed["windows"]


def test_the_state_is_the_replay_of_the_stored_log_after_every_window():
    event = Event(prefix="lg")
    for _window in range(4):
        if event.state.phase.kind == "day":
            event.everyone_votes()
        event.next_window()
        assert replay(log_of(event.game)).snapshot() == state_of(event.game).snapshot()
    assert Override.objects.count() == 0


# --- the demo --------------------------------------------------------------------------------------
def test_every_demo_person_is_called_by_one_name_in_every_online_game(demo_world):
    """Issue 27: "Players see internal ids as names: Mafia 1923 announcements say
    'M1923-mizrahi-3 was killed' […] the same account is 'Arkady' in the top bar and 'Player' in
    every online game. One display name per person everywhere; demo people have names.\""""
    slots = Slot.objects.filter(game__in=Game.objects.all()).select_related("user__player")
    assert slots.count() == 24 + 7  # the forum game (7) and the Mafia 1923 event (3 families of 8)
    for slot in slots:
        assert slot.name == person_name(slot.user), (slot.name, slot.user.username)
        assert "m1923" not in slot.name.lower() and slot.name != slot.user.username, slot.name
    assert {"Arkady", "Judge Julia", "Avraham Cohen", "Sarah Mizrahi", "Hannah Levi"} <= {slot.name for slot in slots}
    for page in ("/online/1923/demo-mafia-1923/", "/online/1923/demo-mafia-1923/board/"):
        body = Client().get(page).content.decode().lower()
        assert not any(name in body for name in ("m1923-levi", "m1923-cohen", "m1923-mizrahi")), page


def test_a_sign_up_without_a_name_takes_the_name_the_person_is_known_by():
    arkady = UserPlayerFactory(nickname="Arkady", user__username="arkady-account").user
    game = forum.game_create(setup=a_setup("mafia_goon", "townie", "townie"), moderator=UserFactory(),
                             title="Names")
    assert forum.signup_join(game=game, user=arkady).name == "Arkady" == person_name(arkady)
    event = Event(sizes=(), start=False, prefix="n")
    assert services.entry_create(game=event.game, user=arkady, level="standard").name == "Arkady"


def test_seed_demo_holds_a_small_event_in_progress_that_the_demo_accounts_play(client, demo_world):
    from django.http import HttpRequest

    call_command("seed_demo", stdout=StringIO())  # a second run on the demo is harmless
    from online.models import Game

    game = Game.objects.get(slug="demo-mafia-1923")
    state = state_of(game)
    assert state.phase.id == "D1" and game.paused and len(state.slots) == 24
    assert len(public_posts(game)) == 1, "Night 1 was published"
    assert client.login(request=HttpRequest(), username="player", password="mafia-demo-2026")
    page = client.get("/online/1923/demo-mafia-1923/actions/").content.decode()
    assert "Jail a player and a family" in page
    mate = next(s.number for s in state.slots if s.name == "Judge Julia")
    client.post("/online/1923/demo-mafia-1923/votes/", {"family": "Cohen", "player": mate})
    state = state_of(Game.objects.get(pk=game.pk))
    me = next(s.number for s in state.slots if s.name == "Arkady")
    assert state.ballots[("D1", "family")].current[me][0] == "Cohen"


def test_a_kept_state_takes_only_the_new_events_and_equals_the_replay():
    """Another worker appended events: this process's kept state catches up (online/core/play.py)."""
    from online.core import play

    event = Event(prefix="inc")
    event.game.refresh_from_db()
    before = event.game.event_count
    kept = state_of(event.game)
    event.act(event.mafia()[0], "kill", players=[s.number for s in kept.slots if s.side != "mafia"][:2])
    event.next_window()
    event.everyone_votes()
    event.game.refresh_from_db()
    with play._STATES_LOCK:
        for key in [k for k in play._STATES if k[0] == event.game.pk and k[1] != before]:
            del play._STATES[key]
    log = log_of(event.game)
    assert state_of(event.game).snapshot() == replay(log).snapshot()
    assert kept.snapshot() == replay(log[:before]).snapshot(), "the kept state was not changed"


def test_every_test_the_site_page_cites_exists():
    """docs/mafia1923-site.md pins each reading with a test: every one it names is here."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    cited = set(re.findall(r"`(test_[a-z0-9_]+)`", (root / "docs" / "mafia1923-site.md").read_text()))
    defined = set()
    for path in (root / "tests" / "online" / "site").glob("test_mafia1923*.py"):
        defined |= set(re.findall(r"^def (test_[a-z0-9_]+)", path.read_text(), flags=re.M))
    assert cited and cited <= defined, sorted(cited - defined)


def test_the_console_runs_the_event_from_sign_ups_to_an_exile(client):
    """Every console action through its form: form, move, enrol and deal, adjust, start, exile,
    answer, add a moderator, the webhook; a refusal is a message and changes nothing."""
    event = Event(sizes=(), prefix="co")
    event._clock()  # the console acts at the site's clock: the event's instants
    game = event.game
    for family in ("A", "B"):
        for n in range(8):
            services.entry_create(game=game, user=UserFactory(username=f"co-{family}{n}"), level="standard",
                                  request="family", together=family, now=START)
    client.force_login(event.moderator)
    base = f"/organize/online/1923/{game.slug}/"
    page = client.get(base).content.decode()
    assert "Every request is met." in page
    client.post(base + "form/")
    assert set(Entry.objects.filter(game=game).values_list("family", flat=True)) == {"A", "B"}
    entry = Entry.objects.filter(game=game).first()
    refused = client.post(base + "move/", {"entry": entry.pk, "family": "B", "reason": ""}, follow=True)
    assert "Say why" in refused.content.decode() and Entry.objects.get(pk=entry.pk).family == "A"
    dealt = client.post(base + "deal/", follow=True)
    state = state_of(reload(game))
    assert state.dealt, [str(m) for m in dealt.context["messages"]]
    assert state.dealt and len(state.slots) == 16
    town = next(s.number for s in state.slots if s.side != "mafia")
    client.post(base + "adjust/", {"slot": town, "role": "lawyer", "reason": "balance"})
    assert state_of(reload(game)).slot(town).role == "lawyer"
    client.post(base + "start/")
    game.refresh_from_db()
    assert game.phase == "N1"
    client.post(base + "exile/", {"slot": town, "note": "tampering"})
    assert state_of(reload(game)).slot(town).left["how"] == "exiled"
    asker = Entry.objects.filter(game=game).last().user
    question = services.question_ask(game=game, user=asker, body="When?")
    client.post(base + "answer/", {"question": question.pk, "answer": "At nine."})
    assert Question.objects.get(pk=question.pk).answer == "At nine."
    helper = UserFactory(username="co-helper")
    client.post(base + "moderator/", {"username": "co-helper"})
    assert game.m1923_moderators.filter(user=helper).exists()
    client.post(base + "webhook/", {"url": "http://127.0.0.1:9/hook"})
    game.m1923.refresh_from_db()
    assert game.m1923.webhook_url == "http://127.0.0.1:9/hook"
    assert client.post(base + "no-such-action/").status_code == 404


def test_the_family_page_shows_its_members_statuses_and_the_family_votes_it_received(client):
    event = Event(prefix="fa")
    mafia = event.mafia()[0]
    victims = [s.number for s in event.state.slots if s.side != "mafia"][:2]
    event.act(mafia, "kill", players=victims)
    event.next_window()
    event.everyone_votes()
    event.next_window()
    from online.engine.mafia1923.events import ext

    state = event.state
    family = ext(state).family_of[victims[0]]
    index = list(ext(state).families).index(family) + 1
    page = client.get(f"/online/1923/{event.game.slug}/family/{index}/").content.decode()
    assert all(state.slot(n).name in page for n in ext(state).families[family])
    assert "dead" in page and "Day 1: " in page
    received = ext(state).tallies["D1"]["families"].get(family, 0)
    assert f"Day 1: {received}" in page


def test_a_paused_window_says_its_deadline_is_paused(client):
    """A window whose deadline the moderators paused has no end to show: the page says it is
    paused instead of an empty "09:00 –" (seen in `make run`'s demo event)."""
    event = Event(prefix="pz")
    with transaction.atomic():
        apply(locked(event.game.pk), [PauseDeadline(at=event.now + timedelta(minutes=1), note="A pause.")])
    client.force_login(event.users[1])
    page = client.get(f"/online/1923/{event.game.slug}/").content.decode()
    assert "the deadline is paused by the moderators" in page
    assert "– (" not in page
    client.force_login(event.moderator)
    console = client.get(f"/organize/online/1923/{event.game.slug}/").content.decode()
    assert "the deadline is paused by the moderators" in console and "– (" not in console
