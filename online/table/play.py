"""A person at an auto-judged table, bots in the other seats: the site's services (issue 19).

The judge (online/engine/judged_table) decides everything; these services only store its log,
give the bots their turns at once, and keep the person's windows with the site's clock:

- a speech: ``TABLE_PERSON_SPEECH_SECONDS``; a night step and the vote to eliminate all: the
  table's ten seconds and the vote window; a vote round: the nominees' announcement
  (``VOTE_LEAD_IN`` seconds), then one window of ``vote_window_seconds`` per candidate
  (``TABLE_PERSON_VOTE_SECONDS``, 20 s; the agents' tables keep the seed's 1.5 s, and a table's
  config is in its log, so an older table keeps the window it was created with): a hand counts only in its candidate's window, measured by the server;
- a window that has passed gets the rule's default (a PASS, no check, no claim, no kill, the
  vote for the last nominated, a hand kept down), logged as late.

Every write locks the table's row (``select_for_update``) and replays the log; a refused answer
changes nothing and says why.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from games.protocol_scoring import scorer
from games.rulesets import ROLE_LABELS
from online.agents import agents_from_spec
from online.agents.base import MAX_SPEECH_CHARACTERS, answer_to_command, check_answer
from online.core.refusals import table_refusal
from online.core.visibility import judged_table_revealed
from online.engine.judged_table import (
    Claim,
    Hand,
    TableConfig,
    TableError,
    Timeout,
    Vote,
    create_table,
    replay,
    resolve,
)
from online.engine.judged_table.phrases import LANGUAGES
from online.engine.judged_table.protocol import to_protocol, transcript
from online.engine.judged_table.views import request_for, seat_view

from .models import JudgedTable

VOTE_LEAD_IN = 2.0  # seconds: "the judge announces the nominated players twice" before the windows
BOTS = ("rule", "random")


def person_config(language: str = "en") -> TableConfig:
    return TableConfig(
        speech_window_seconds=float(getattr(settings, "TABLE_PERSON_SPEECH_SECONDS", 180)),
        vote_window_seconds=float(getattr(settings, "TABLE_PERSON_VOTE_SECONDS", 20)),
        language=language,
    )


# --- reading ---------------------------------------------------------------------------------


def table_state(table: JudgedTable):
    return replay(table.log)


def table_review(table: JudgedTable) -> dict | None:
    """The whole game for its owner once it is over (`visibility.judged_table_revealed`): every
    seat's role and points (the site's fiim-2025 scoring, item by item), the judge's full
    transcript and the `mafia-protocol/1` document. None while the game goes on."""
    if not judged_table_revealed(table):
        return None
    document = to_protocol(table.log)
    score = scorer()
    points = {player["seat"]: player for player in score(document)["players"]} if score else {}
    seats = [
        {**entry, "role_name": ROLE_LABELS[entry["role"]], "you": entry["seat"] == table.seat,
         "points": points.get(entry["seat"])}
        for entry in document["seats"]
    ]
    return {"document": document, "seats": seats, "transcript": transcript(table.log)}


def window_of(table: JudgedTable, state) -> dict | None:
    """The person's open window: its kind, when it opened and closes (and, for a vote round,
    each candidate's window), or None when nothing is asked of the person."""
    request = request_for(state, table.seat) if state.winner is None else None
    if request is None or table.window_opened_at is None:
        return None
    opened = table.window_opened_at
    config = state.config
    if request["action"] == "vote":
        lead = timedelta(seconds=VOTE_LEAD_IN)
        step = timedelta(seconds=config.vote_window_seconds)
        windows = []
        for index, candidate in enumerate(state.candidates[:-1]):
            start = opened if index == 0 else opened + lead + step * index
            windows.append(
                {
                    "candidate": candidate,
                    "opens": start,
                    "closes": opened + lead + step * (index + 1),
                }
            )
        closes = windows[-1]["closes"] if windows else opened
        return {"action": "vote", "opened": opened, "closes": closes, "windows": windows}
    if request["action"] == "speak":
        seconds = config.speech_window_seconds
    elif request["action"] == "hand":
        seconds = VOTE_LEAD_IN + config.vote_window_seconds
    else:
        seconds = config.night_window_seconds
    return {
        "action": request["action"],
        "opened": opened,
        "closes": opened + timedelta(seconds=seconds),
    }


# --- writing ---------------------------------------------------------------------------------


def _bots_for(table: JudgedTable, state, log: list[dict]) -> dict:
    """Fresh bots for this request, each having seen its seat's whole history (their memory is
    rebuilt from the log; their random draws are seeded by the game and the log's length)."""
    agents = agents_from_spec(table.bots, state.roles)
    bots = {}
    for seat, agent in agents.items():
        if seat == table.seat:
            continue
        agent.begin(seat, f"{table.seed}/{len(log)}")
        agent.observe(seat_view(state, log, seat))
        bots[seat] = agent
    return bots


def _bot_answer(bot, state, log, seat):
    view = seat_view(state, log, seat, since=len(log), with_history=False)
    try:
        answer = bot.act(view)
    except Exception:  # a built-in bot's failure is a default, never a lost game
        return None
    return None if check_answer(view.request, answer) else answer


def _advance(table: JudgedTable, state, log: list[dict], now: datetime):
    """Give the bots their turns until the person is asked something or the game ends."""
    for _turn in range(2_000):
        if state.winner is not None:
            table.window_opened_at = None
            break
        person_asked = request_for(state, table.seat) is not None
        step = state.step
        if step == "vote":
            key = f"{state.number}-{state.round}"
            if table.round_votes.get("round") != key:
                bots = _bots_for(table, state, log)
                votes = {}
                for seat in state.waiting_for():
                    if seat != table.seat:
                        answer = _bot_answer(bots[seat], state, log, seat)
                        votes[str(seat)] = answer["target"] if answer else None
                table.round_votes = {"round": key, "votes": votes}
                table.window_opened_at = now
            if person_asked:
                break
            state, events = resolve(state, _round_inputs(state, table.round_votes["votes"], None))
            log.extend(events)
            continue
        if step in ("claims", "hands"):
            bots = _bots_for(table, state, log)
            commands = []
            for seat in state.waiting_for():
                if seat == table.seat:
                    continue
                answer = _bot_answer(bots[seat], state, log, seat)
                command = (
                    answer_to_command(seat, request_for(state, seat), answer) if answer else None
                )
                commands.append(command or _default_for(state, seat))
            if commands:
                state, events = resolve(state, commands)
                log.extend(events)
                continue
            if person_asked:
                break
        if person_asked:
            break
        seat = state.actor
        bots = _bots_for(table, state, log)
        answer = _bot_answer(bots[seat], state, log, seat)
        command = answer_to_command(seat, request_for(state, seat), answer) if answer else None
        state, events = resolve(state, command or Timeout(note=state.config.words.notes["no-usable-answer"].format(seat=seat)))
        log.extend(events)
    if (
        state.winner is None
        and request_for(state, table.seat) is not None
        and table.window_opened_at is None
    ):
        table.window_opened_at = now
    table.winner = state.winner or ""
    return state


def _default_for(state, seat: int):
    """A bot's default in a step where every seat answers on its own: no claim, a hand down."""
    return Claim(seat=seat, target=None) if state.step == "claims" else Hand(seat=seat, up=False)


def _round_inputs(state, bot_votes: dict, person: tuple[int, int] | None) -> list:
    """The round's hands in window order: each candidate's window gets its voters, then
    closes; the last candidate takes the rest."""
    chosen: dict[int, list[int]] = {candidate: [] for candidate in state.candidates}
    for seat, target in bot_votes.items():
        if target is not None and target in chosen:
            chosen[target].append(int(seat))
    if person is not None:
        chosen[person[1]].append(person[0])
    commands = []
    for candidate in state.candidates[state.window : -1]:
        commands.extend(Vote(seat=seat, target=candidate) for seat in sorted(chosen[candidate]))
        commands.append(Timeout())
    return commands


def _lock(table: JudgedTable) -> JudgedTable:
    return JudgedTable.objects.select_for_update().get(pk=table.pk)


def _close_if_due(table: JudgedTable, state, log: list[dict], now: datetime):
    """The person's window has passed: the rule's default, logged as late."""
    window = window_of(table, state)
    if window is None or now < window["closes"]:
        return state
    note = state.config.words.notes["person-late"]
    if window["action"] == "vote":
        state, events = resolve(
            state, _round_inputs(state, table.round_votes.get("votes", {}), None)
        )
    else:
        state, events = resolve(state, Timeout(note=note))
    log.extend(events)
    table.window_opened_at = None
    return state


@transaction.atomic
def new_table_token() -> str:
    """A new table's token: its address, and the seed of its deal and of its bots."""
    return secrets.token_urlsafe(12).replace("-", "x").replace("_", "y")


def table_sit_down(*, user=None, session_key: str = "", seat: int | None = None, bots: str = "rule",
                   language: str = "en", now: datetime) -> JudgedTable:  # fmt: skip
    """A new table: the person takes `seat` (or a seat dealt at random), bots take the others;
    the table speaks `language` (the judge's words, the endings and nominations it hears)."""
    if bots not in BOTS:
        raise ApplicationError(_("Unknown bots: choose rule-based or random players."), code="bots")
    if language not in LANGUAGES:
        raise ApplicationError(_("A table speaks English or Russian."), code="language")
    if seat is not None and not 1 <= seat <= 10:
        raise ApplicationError(_("Seats are numbered 1 to 10."), code="seat")
    token = new_table_token()
    seat = seat or secrets.randbelow(10) + 1
    state, log = create_table(token, config=person_config(language))
    table = JudgedTable(token=token, seed=token, seat=seat, user=user if user and user.is_authenticated else None,
                        session_key=session_key, bots=bots, log=log)  # fmt: skip
    _advance(table, state, log, now)
    table.log = log
    table.save()
    return table


@transaction.atomic
def table_tick(*, table: JudgedTable, now: datetime) -> JudgedTable:
    """The site's clock: a window of the person's that has passed gets its default."""
    table = _lock(table)
    log = list(table.log)
    state = replay(log)
    before = len(log)
    state = _close_if_due(table, state, log, now)
    if len(log) != before:
        _advance(table, state, log, now)
        table.log = log
        table.save()
    return table


@transaction.atomic
def table_answer(*, table: JudgedTable, answer: dict, now: datetime, action: str | None = None) -> JudgedTable:
    """The person's answer to what the judge asks of their seat now (`action`: the question the
    page showed; an answer to a question no longer asked is refused)."""
    table = _lock(table)
    log = list(table.log)
    state = replay(log)
    state = _close_if_due(table, state, log, now)
    request = request_for(state, table.seat) if state.winner is None else None
    if request is None:
        raise ApplicationError(
            _("Nothing is asked of your seat now (the window may have closed)."), code="not-now"
        )
    if action is not None and action != request["action"]:
        raise ApplicationError(_("That question is no longer asked: the page shows what is asked now."),
                               code="changed")  # fmt: skip
    if request["action"] == "speak" and not str(answer.get("speech", "")).strip():
        raise ApplicationError(_("Your speech is empty: say PASS to end it."), code="empty")
    if check_answer(request, answer):
        raise ApplicationError(_unfit(request), code="malformed")
    try:
        if request["action"] == "vote":
            commands = _person_vote(table, state, answer["target"], now)
        else:
            command = answer_to_command(table.seat, request, answer)
            commands = [
                command if command is not None else Timeout(note=state.config.words.notes["person-no-check"])
            ]
        state, events = resolve(state, commands)
    except TableError as error:
        raise table_refusal(error) from None
    log.extend(events)
    table.window_opened_at = None
    _advance(table, state, log, now)
    table.log = log
    table.save()
    return table


def _unfit(request: dict) -> str:
    """Why an answer does not fit the question, in the reader's language (`check_answer` says it
    in English for the agents' logs)."""
    action = request["action"]
    if action == "speak":
        limit = MAX_SPEECH_CHARACTERS
        return _("A speech is text of at most %(limit)s characters.") % {"limit": limit}
    if action == "hand":
        return _("Answer yes or no.")
    return _("Choose one of the players offered, or nobody.")


def _person_vote(table: JudgedTable, state, target: int | None, now: datetime) -> list:
    window = window_of(table, state)
    if target is None or window is None:
        return _round_inputs(state, table.round_votes.get("votes", {}), None)
    open_now = next((w for w in window["windows"] if w["opens"] <= now < w["closes"]), None)
    if open_now is None or open_now["candidate"] != target:
        raise ApplicationError(
            _("The window for player number %(seat)s is not open now.") % {"seat": target},
            code="window",
        )
    return _round_inputs(state, table.round_votes.get("votes", {}), (table.seat, target))
