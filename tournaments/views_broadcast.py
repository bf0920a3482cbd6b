"""The stream's broadcast view (/broadcast/<token>/, docs/tournaments.md): every table of the
tournament being played, with the roles, for streaming software — reachable only with the link
the organizers issued, and as the tables stood the tournament's delay ago."""

from __future__ import annotations

from datetime import timedelta

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.template import loader
from django.utils import timezone
from django.views.decorators.http import require_GET

from clubs.middleware import use_club_timezone
from core.polling import polled_fragment, with_server_time
from games.engine import ProtocolError, replay
from games.live import live_table
from games.models import Game
from games.selectors import protocol_as_of

from . import selectors
from .models import Tournament


def _tournament(token: str) -> Tournament:
    if not token:
        raise Http404
    tournament = get_object_or_404(Tournament.objects.select_related("club"), broadcast_token=token)
    use_club_timezone(tournament.club)
    return tournament


def _broadcast_table(tournament: Tournament, game: Game) -> dict:
    """One table as the stream shows it: with the roles, ``broadcast_delay`` seconds ago."""
    if tournament.broadcast_delay:
        document = protocol_as_of(game, timezone.now() - timedelta(seconds=tournament.broadcast_delay))
        announced = host = None  # the judge's "next phase" and speaker of now are not the past's
    else:
        document = game.protocol if (game.protocol or {}).get("seats") else None
        announced, host = game.entry_phase_key, game.host_state
    try:
        record = replay(document) if document else None
    except ProtocolError:
        record = None
    return {"game": game, "live": live_table(game, record, published=False, roles=True, announced=announced,
                                             host=host),
            "token": tournament.broadcast_token}


def _game(tournament: Tournament, pk: int) -> Game:
    try:
        return selectors.game_with_seats(tournament, pk)
    except Game.DoesNotExist as exc:
        raise Http404 from exc


@require_GET
def broadcast_tournament(request, token):
    tournament = _tournament(token)
    return render(request, "tournaments/broadcast.html",
                  {"tournament": tournament, "games": selectors.live_games(tournament), "token": token})


@require_GET
def broadcast_game(request, token, pk):
    tournament = _tournament(token)
    return render(request, "games/broadcast.html",
                  {"tournament": tournament, **_broadcast_table(tournament, _game(tournament, pk))})


@require_GET
def broadcast_game_table(request, token, pk):
    """The polled fragment (core/polling.py: 304 while unchanged)."""
    tournament = _tournament(token)
    context = _broadcast_table(tournament, _game(tournament, pk))
    response = with_server_time(polled_fragment(request, loader.render_to_string("games/_live_table.html", context,
                                                                                 request)))
    response["X-Robots-Tag"] = "noindex"
    return response
