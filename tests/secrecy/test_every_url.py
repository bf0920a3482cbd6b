"""Secrecy, one rule for every door: no URL of the site tells a secret before publication.

A differential test (docs/secrecy.md): the world of tests/secrecy/world.py is built twice, with
the same ids and at the same instants, differing ONLY in the secret of its two secret games (the
roles, the check targets, one night event more). Every URL pattern of the URL conf is rendered in
both worlds, as an anonymous visitor and as a player of another table, in three states: the
secret games finished (submitted), confirmed, and published. Before publication every response
must be the same in both worlds — status, headers and body, once the CSRF tokens are blanked — so
no page, export, feed or API field can carry a role, a team, a check or any number that moves with
them. After publication the game's pages must differ: proof that the comparison sees a secret.
Those entitled (the organizer, the table's judge, the holder of the private link) see it in every
state.
"""

from __future__ import annotations

import difflib

import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from freezegun import freeze_time

from . import urlwalk
from .world import START, STATES, UNFROZEN, VARIANTS, build

VIEWERS = ("anonymous", "outsider", "case_player")
UNPUBLISHED = ("finished", "confirmed")
# The pages that must show the secret once it is published (else the comparison proves nothing).
MUST_DIFFER_WHEN_PUBLISHED = {
    # a tournament's game has its one page inside the tournament: /games/<id>/ sends it there
    "games:detail": lambda w: [f"/games/{w.evening_game.pk}/"],
    "tournaments:game": lambda w: [f"/tournaments/{w.tournament.slug}/games/{w.secret.pk}/"],
    "tournaments:protocol": lambda w: [f"/tournaments/{w.tournament.slug}/games/{w.secret.pk}/protocol/"],
    "api:v1:game-detail": lambda w: [f"/api/v1/games/{w.secret.pk}/", f"/api/v1/games/{w.evening_game.pk}/"],
    "api:v1:game-protocol": lambda w: [f"/api/v1/games/{w.secret.pk}/protocol/"],
    "tournaments:standings": lambda w: [f"/tournaments/{w.tournament.slug}/standings/"],
    # a series counts its tournament's final places: the secret table's players' places move them
    "leagues:series": lambda w: [f"/leagues/{w.extra['league']}/series/{w.extra['series']}/"],
    "ratings:leaderboard": lambda w: ["/ratings/"],
    # the wins and the rating changes move with the winner
    "records:leaderboards": lambda w: ["/players/leaderboards/?statistic=wins&min_games=1"],
    "seasons:detail": lambda w: [f"/clubs/{w.club.slug}/seasons/{w.extra['season']}/"],
    # the winner (issue 25; the worlds' winners differ): the results' line of the secret table
    "tournaments:results": lambda w: [f"/tournaments/{w.tournament.slug}/results/"],
    "online:review": lambda w: [f"/online/{w.extra['online_game']}/review/"],
    # a player's record (the secret table's seat 4): its totals and games, in the API and as CSV
    "api:v1:player-record": lambda w: [f"/api/v1/players/{w.secret.seats.get(seat=4).player_id}/record/"],
    "api:v1:player-record-games": lambda w: [f"/api/v1/players/{w.secret.seats.get(seat=4).player_id}/record/games/"],
    "records:games_csv": lambda w: [f"/players/{w.secret.seats.get(seat=4).player_id}/record/games.csv"],
    # the series' standings and the season's, in the API (issue 29)
    "api:v1:series-detail": lambda w: [f"/api/v1/leagues/{w.extra['league']}/series/{w.extra['series']}/"],
    "api:v1:season-detail": lambda w: [f"/api/v1/clubs/{w.club.slug}/seasons/{w.extra['season']}/"],
}
# How a page or the API says that the Mafia won.
MAFIA_WIN_MARKERS = ("the Mafia wins", '"winner":"black"', '"winner": "black"')
# Those entitled to the secret see it before publication: the organizer, the table's judge, and
# whoever holds the judge's private link (here an anonymous visitor).
ENTITLED = {
    "organizer": lambda w: [f"/tournaments/{w.tournament.slug}/games/{w.secret.pk}/", f"/games/{w.evening_game.pk}/",
                            f"/tournaments/{w.tournament.slug}/games/{w.secret.pk}/protocol/",
                            f"/api/v1/games/{w.secret.pk}/", f"/api/v1/games/{w.evening_game.pk}/protocol/",
                            f"/judge/games/{w.secret.pk}/",
                            # the online game's moderator: its console (every role), its review
                            f"/organize/online/{w.extra['online_game']}/",
                            f"/online/{w.extra['online_game']}/review/",
                            # the Mafia 1923 event's moderators' console (the roster: every role)
                            f"/organize/online/1923/{w.extra['m1923_event']}/"],
    "judge": lambda w: [f"/tournaments/{w.tournament.slug}/games/{w.secret.pk}/", f"/api/v1/games/{w.evening_game.pk}/",
                        f"/api/v1/games/{w.secret.pk}/protocol/", f"/judge/games/{w.evening_game.pk}/",
                        f"/judge/games/{w.secret.pk}/log/"],
    "link": lambda w: [f"/t/{w.secret.judge_token}/", f"/t/{w.evening_game.judge_token}/history/"],
}
# Those who read a page about the secret game without being entitled to its secret: the
# tournament's chief judge, who judged another table (the discipline case, the queue). Each page
# answers 200, the same in both worlds before publication; the case names the winner once
# published, so it must differ then (the worlds' winners differ).
NOT_ENTITLED = {"chief judge": lambda w: [f"/organize/discipline/{w.extra['case']}/", "/organize/discipline/"]}
NOT_ENTITLED_DIFFER_WHEN_PUBLISHED = {"chief judge": lambda w: [f"/organize/discipline/{w.extra['case']}/"]}
# Caches live in this process for the test: the standings API caches bodies under the tournament's
# id and timestamps, which both worlds share; a shared cache would hand world b world a's body.
LOCAL_CACHE = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                           "LOCATION": "secrecy-walk"}}
# With REDIS_URL blank, /healthz asks the database only instead of pinging a broker for a second.


def test_every_url_pattern_is_in_the_walk():
    """A page added later is walked: its pattern needs an entry in tests/secrecy/urlwalk.py."""
    missing = urlwalk.missing_entries()
    assert not missing, (
        "These URL patterns are not in the secrecy walk. Add each to VISITS in "
        "tests/secrecy/urlwalk.py with the kwargs to visit it in the secrecy world:\n"
        + "\n".join(f"  {pattern.key!r}  ({pattern.route})" for pattern in missing))
    assert not urlwalk.stale_entries(), f"VISITS names patterns the URL conf no longer has: {urlwalk.stale_entries()}"


def _fresh_start() -> None:
    """An empty database with every id sequence at 1, and no cache: both worlds start equal."""
    from django.core.cache import cache

    from tournaments.standings import stored as stored_standings

    call_command("flush", interactive=False, verbosity=0)
    cache.clear()
    stored_standings.clear_local()


def _client(world, viewer: str) -> Client:
    client = Client()
    user = {"outsider": world.outsider, "case_player": world.case_player, "organizer": world.organizer,
            "judge": world.judge.user}.get(viewer)
    if user is not None:
        client.force_login(user)
    return client


def _render(client: Client, url: str, headers: dict) -> tuple[int, dict, str]:
    response = client.get(url, headers=headers)
    body = b"".join(response.streaming_content) if response.streaming else response.content
    kept = {name.lower(): value for name, value in response.headers.items()
            if name.lower() not in urlwalk.IGNORED_HEADERS}
    return response.status_code, kept, urlwalk.normalised(body)


def _walk_both_worlds() -> tuple[dict, dict]:
    """{(variant, state, viewer, label, url): (status, headers, body)}, and each variant's world."""
    renders, worlds = {}, {}
    with override_settings(CACHES=LOCAL_CACHE, REDIS_URL=""), freeze_time(START, ignore=UNFROZEN) as clock:
        for variant in VARIANTS:
            _fresh_start()
            world = None
            for state, step in STATES:
                world = step(variant, clock) if step is build else step(world)
                for viewer in VIEWERS:
                    client = _client(world, viewer)
                    for label, url, headers in urlwalk.visits(world):
                        renders[(variant, state, viewer, label, url)] = _render(client, url, headers)
                for viewer, urls in ENTITLED.items():
                    client = _client(world, viewer)
                    for url in urls(world):
                        renders[(variant, state, viewer, "entitled", url)] = _render(client, url, {})
                chief = Client()
                chief.force_login(world.other_judge.user)
                for viewer, urls in NOT_ENTITLED.items():
                    for url in urls(world):
                        renders[(variant, state, viewer, "not entitled", url)] = _render(chief, url, {})
            worlds[variant] = world
    return renders, worlds


def _difference(a: tuple, b: tuple) -> str:
    if a[0] != b[0]:
        return f"status {a[0]} ≠ {b[0]}"
    if a[1] != b[1]:
        changed = {k: (a[1].get(k), b[1].get(k)) for k in a[1].keys() | b[1].keys() if a[1].get(k) != b[1].get(k)}
        return f"headers differ: {changed}"
    lines = list(difflib.unified_diff(a[2].splitlines(), b[2].splitlines(), "world a", "world b", n=0, lineterm=""))
    return "body differs:\n      " + "\n      ".join(line[:200] for line in lines[:12])


@pytest.mark.django_db(transaction=True, reset_sequences=True)
def test_no_url_tells_a_secret_before_the_results_are_published():
    renders, worlds = _walk_both_worlds()
    keys = {key[1:] for key in renders}
    assert {key[1:] for key in renders if key[0] == "a"} == {key[1:] for key in renders if key[0] == "b"}, \
        "the two worlds must be walked over the same URLs (same ids)"

    leaks, differing = [], set()
    for state, viewer, label, url in sorted(keys):
        a, b = renders[("a", state, viewer, label, url)], renders[("b", state, viewer, label, url)]
        if viewer in ENTITLED:
            assert a[0] == 200 and a != b, f"{state}, {viewer}: {url} must show the secret ({a[0]})"
            continue
        if viewer in NOT_ENTITLED:
            assert a[0] == 200, f"{state}, {viewer}: {url} must show the page ({a[0]})"
        if a == b:
            continue
        if state in UNPUBLISHED:
            leaks.append(f"{state}, {viewer}: {label} {url}\n    {_difference(a, b)}")
        else:
            differing.add((viewer, url))
    # The winner is part of the results (issue 25): the worlds' winners differ, so the comparison sees
    # it; and in world a (a Mafia win) the words themselves must be nowhere before publication.
    # (Table 2, published at once, is a city win.)
    for state, viewer, label, url in sorted(keys):
        if state in UNPUBLISHED and viewer in VIEWERS:
            body = renders[("a", state, viewer, label, url)][2]
            if any(marker in body for marker in MAFIA_WIN_MARKERS):
                leaks.append(f"{state}, {viewer}: {label} {url} names the unpublished games' winner")
    assert not leaks, (f"{len(leaks)} responses differ between two worlds that differ only in the secret "
                       "(roles, checks, a night event) before publication:\n" + "\n".join(leaks))

    world = worlds["b"]
    for viewer in VIEWERS:
        for label, urls in MUST_DIFFER_WHEN_PUBLISHED.items():
            for url in urls(world):
                assert (viewer, url) in differing, (
                    f"published, {viewer}: {label} {url} is the same in both worlds; the test cannot see a "
                    "secret there (or the page hides published results)")
    for viewer, urls in NOT_ENTITLED_DIFFER_WHEN_PUBLISHED.items():
        for url in urls(world):
            assert (viewer, url) in differing, f"published, {viewer}: {url} is the same in both worlds"
