"""The person's seat at an auto-judged table: thin views over online/table/play.py.

A table is seen only by the person sitting at it (their account, or for a visitor their
session): anyone else gets a 404, and the page shows nothing but that seat's view.
"""

from __future__ import annotations

import math

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from core.errors import ApplicationError
from core.forms import form_refusal
from online.core import clock
from online.engine.judged_table.phrases import LANGUAGES, PHRASEBOOKS
from online.engine.judged_table.views import seat_view

from .forms import AnswerForm, SitDownForm
from .models import JudgedTable
from .play import table_answer, table_review, table_sit_down, table_state, table_tick, window_of
from .summary import heard, summary

SPEECH_PURPOSES = {"day", "tie", "final"}


def _session_key(request: HttpRequest) -> str:
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def _mine(request: HttpRequest):
    if request.user.is_authenticated:
        return JudgedTable.objects.filter(user=request.user)
    key = request.session.session_key
    return (
        JudgedTable.objects.filter(user=None, session_key=key)
        if key
        else JudgedTable.objects.none()
    )


def _table(request: HttpRequest, token: str) -> JudgedTable:
    table = get_object_or_404(JudgedTable, token=token)
    if table.user_id is not None:
        if request.user.pk != table.user_id:
            raise Http404
    elif not request.session.session_key or request.session.session_key != table.session_key:
        raise Http404
    return table


def _site_language() -> str:
    """The visitor's language as a table language (a new table speaks it unless chosen)."""
    language = (get_language() or "en").split("-")[0]
    return language if language in LANGUAGES else "en"


def _phrases_hint(language: str) -> dict:
    book = PHRASEBOOKS[language]
    return {
        "nominate": book.players_nominate.format(n="X"),
        "endings": " / ".join(book.players_end),
    }


def table_home(request: HttpRequest) -> HttpResponse:
    return render(request, "online/table/home.html", {
        "tables": _mine(request)[:10], "language": _site_language(),
        "english": _phrases_hint("en"), "russian": _phrases_hint("ru"),
    })  # fmt: skip


@require_POST
def table_new(request: HttpRequest) -> HttpResponse:
    form = SitDownForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
        return redirect("online:table_home")
    data = form.cleaned_data
    try:
        table = table_sit_down(user=request.user, session_key=_session_key(request), seat=data["seat"],
                               bots=data["bots"] or "rule", language=data["language"] or _site_language(),
                               now=clock.now())  # fmt: skip
    except ApplicationError as error:
        messages.error(request, error.message)
        return redirect("online:table_home")
    return redirect(table)


def _context(table: JudgedTable) -> dict:
    state = table_state(table)
    view = seat_view(state, table.log, table.seat)
    window = window_of(table, state)
    now = clock.now()
    if window is not None:
        windows = [_candidate_window(w, now) for w in window.get("windows", [])]
        open_now = next((w for w in windows if w["state"] == "open"), None)
        window = {
            **window,
            "closes_in_ms": max(0, int((window["closes"] - now).total_seconds() * 1000)),
            "closes_in_s": max(0, math.ceil((window["closes"] - now).total_seconds())),
            "windows": windows,
            "open_now": open_now,
            "closed": [w for w in windows if w["state"] == "closed"],
        }
    lines = heard(table.log, table.seat)  # in the table's language, the counts in words
    return {
        "table": table,
        "view": view,
        "window": window,
        "lines": lines[-80:],
        "heard_count": len(lines),
        "summary": summary(table.log)[::-1],  # the latest day or night first
        "phrases": _phrases_hint(state.config.language),
        "review": table_review(table),
    }


def _candidate_window(w: dict, now) -> dict:
    """One candidate's window of a vote round, as the page shows it: open, closed or to come."""
    opens_in = (w["opens"] - now).total_seconds()
    closes_in = (w["closes"] - now).total_seconds()
    state = "open" if opens_in <= 0 < closes_in else "closed" if closes_in <= 0 else "upcoming"
    return {
        "candidate": w["candidate"],
        "state": state,
        "opens_in_ms": int(opens_in * 1000),
        "closes_in_ms": int(closes_in * 1000),
        "closes_in_s": max(0, math.ceil(closes_in)),
    }


@vary_on_headers("HX-Request")
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    table = _table(request, token)
    template = (
        "online/table/table.html#table" if request.headers.get("HX-Request") else "online/table/table.html"
    )
    return render(request, template, _context(table))


def _answer_from(data: dict) -> dict:
    if data["action"] == "speak":
        return {"speech": data["speech"]}
    if data["action"] == "hand":
        return {"up": data["up"] == "1"}
    return {"target": data["target"]}


@require_POST
def table_act(request: HttpRequest, token: str) -> HttpResponse:
    table = _table(request, token)
    form = AnswerForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
    else:
        try:
            table = table_answer(table=table, answer=_answer_from(form.cleaned_data), now=clock.now(),
                                 action=form.cleaned_data["action"])
        except ApplicationError as error:
            messages.error(request, error.message)
            table.refresh_from_db()
    if request.headers.get("HX-Request"):
        return render(request, "online/table/table.html#table", _context(table))
    return redirect(table)


@require_POST
def table_clock(request: HttpRequest, token: str) -> HttpResponse:
    table = table_tick(table=_table(request, token), now=clock.now())
    return render(request, "online/table/table.html#table", _context(table))


def table_heard(request: HttpRequest, token: str) -> HttpResponse:
    """Every line the person's seat heard, the whole game so far (the table's page keeps the
    last 80): the seat's view only, like the page."""
    table = _table(request, token)
    return render(request, "online/table/heard.html", {"table": table, "lines": heard(table.log, table.seat)})


def _review(request: HttpRequest, token: str) -> tuple[JudgedTable, dict]:
    """The whole game, once it is over; while it goes on its secrets answer 404 like a table
    that is not yours (visibility.judged_table_revealed)."""
    table = _table(request, token)
    review = table_review(table)
    if review is None:
        raise Http404("The game is not over yet.")
    return table, review


def table_protocol(request: HttpRequest, token: str) -> JsonResponse:
    """The game's `mafia-protocol/1` document (fiim-2025), as a file."""
    table, review = _review(request, token)
    response = JsonResponse(review["document"], json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="table-{table.token}.protocol.json"'
    return response


def table_transcript(request: HttpRequest, token: str) -> HttpResponse:
    """The judge's full transcript: every line, with whom each private one reached."""
    table, review = _review(request, token)
    response = HttpResponse("\n".join(review["transcript"]) + "\n", content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="table-{table.token}.transcript.txt"'
    return response
