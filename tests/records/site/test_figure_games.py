"""Each figure of the record page links to the games it counts (docs/records.md, "Each figure's
games"): the link keeps the page's filters and adds the figure (``fact=…``); the games list says
which figure narrows it and how to clear it, and its games (or, for a sum, the sum of their
amounts) equal the figure.

Three published games of the same ten players, hand-counted from their protocols
(games/engine/examples.py, tests/discipline/helpers.py):

- A, the full Pro Mafia game (blacks 2, 5, 9; the Sheriff 7; red wins on Day 4);
- B, the full fiim-2025 game (blacks 3, 6, 10; the Sheriff 1; black wins);
- C, the red disqualification game (blacks 8, 9, 10; the Sheriff 7; seat 2 disqualified on Day 1;
  red wins), played last;
- and a DD game whose results were hidden again: it counts nowhere.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from games.engine.examples import full_fiim_game, full_pro_mafia_game
from records import selectors
from records.engine import SeatFacts
from records.models import SeatRecord
from tests.discipline.helpers import dd_game, red_disqualification_game
from vocabulary import BLACK, RED, ROLES, TEAM_OF_ROLE

from .kit import engine_facts, publish

pytestmark = pytest.mark.django_db
FIGURE_LINK = re.compile(r'<a href="([^"]*)" data-figure="([^"]*)">([^<]*)<')


@pytest.fixture
def games(cup, run):
    a = run(cup.confirm, run(cup.play, full_pro_mafia_game()))
    b = run(cup.confirm, run(cup.play, full_fiim_game()))
    c = run(cup.confirm, run(cup.play, red_disqualification_game()))
    hidden = run(cup.confirm, run(cup.play, dd_game()))
    run(publish, cup, hidden, False)
    return cup, {"A": a, "B": b, "C": c}


def get(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def record(player, query: str = "") -> str:
    return f"{reverse('records:player', args=[player.pk])}?{query}"


def links(html: str) -> dict[str, tuple[str, str]]:
    """data-figure → (the link's address, the figure as shown)."""
    return {name: (href.replace("&amp;", "&"), value) for href, name, value in FIGURE_LINK.findall(html)}


def listed(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'href="/games/(\d+)/"', html)]


def amounts(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'data-amount="(-?\d+)"', html)]


def follow(client, player, figure: str, query: str = "") -> tuple[str, list[int], list[int], str]:
    """The figure as shown, and the page its link opens: its games and their amounts."""
    href, value = links(get(client, record(player, query)))[figure]
    html = get(client, href)
    return value, listed(html), amounts(html), html


def ids(games, *names):
    return [games[name].pk for name in names]


# --- hand-counted -------------------------------------------------------------------------------
def test_the_links_of_seat_1_list_the_hand_counted_games(client, games):
    cup, g = games
    one = cup.player(1)
    # Won A and C (red both times), lost B (the fiim Sheriff; black won). Newest first: C, B, A.
    assert follow(client, one, "wins")[:2] == ("2", ids(g, "C", "A"))
    assert follow(client, one, "losses")[:2] == ("1", ids(g, "B"))
    assert follow(client, one, "win-rate")[:2] == ("67%", ids(g, "C", "B", "A"))
    # Fouls: A day 1, 2 and 3 (three), B day 1 (one); a technical foul on Day 4 of A.
    assert follow(client, one, "fouls-ordinary")[:3] == ("4", ids(g, "B", "A"), [1, 3])
    assert follow(client, one, "fouls-technical")[:3] == ("1", ids(g, "A"), [1])
    # Nominated blacks: A 5, 2, 2, 9 (four); B 6 (one). Nominated by blacks: A by 5 and by 2.
    assert follow(client, one, "nominated_black")[:3] == ("5", ids(g, "B", "A"), [1, 4])
    assert follow(client, one, "nominated_by_black")[:3] == ("2", ids(g, "A"), [2])
    assert follow(client, one, "nominated_red")[:3] == ("0", [], [])
    # Ballots into blacks: A 5, 5 (revote), 5, 2, 2 (revote), 9 (six); C 8 (the single candidate).
    assert follow(client, one, "voted_black")[:3] == ("7", ids(g, "C", "A"), [1, 6])
    # Ballots against seat 1: A day 2 from 2, 5 and 9, day 3 from 2.
    assert follow(client, one, "voted_by_black")[:3] == ("4", ids(g, "A"), [4])
    # The Don checked seat 1 on Night 2 of A; the Pro Mafia first shot (Night 1) killed it in C.
    assert follow(client, one, "checked-by-don")[:3] == ("1", ids(g, "A"), [1])
    assert follow(client, one, "shot-first-night")[:2] == ("1", ids(g, "C"))
    assert follow(client, one, "first-night-wills")[:2] == ("0", [])  # C's will is skipped


def test_the_first_night_links_in_both_rulesets(client, games):
    cup, g = games
    # Seat 4: shot on Night 1 of A, its First Color Will named 5 and 2 as black (both black).
    four = cup.player(4)
    assert follow(client, four, "guessed-two")[:2] == ("1", ids(g, "A"))
    assert follow(client, four, "guessed-three")[:2] == ("0", [])
    assert follow(client, four, "rule-first-color-will")[:3] == ("3", ids(g, "A"), [3])
    # Seat 5: shot on Night 0 of B (fiim-2025's first shot), its will named 6 as black: one guess;
    # the Sheriff checked it on Night 1 of A.
    five = cup.player(5)
    assert follow(client, five, "shot-first-night")[:2] == ("1", ids(g, "B"))
    assert follow(client, five, "first-night-wills")[:2] == ("1", ids(g, "B"))
    assert follow(client, five, "guessed-two")[:2] == ("0", [])
    assert follow(client, five, "checked-by-sheriff")[:3] == ("1", ids(g, "A"), [1])
    # Seat 2 was disqualified in C (its fourth-foul-free DQ), and no one declared defeat.
    two = cup.player(2)
    assert follow(client, two, "disqualified")[:2] == ("1", ids(g, "C"))
    assert follow(client, two, "declared-defeats")[:2] == ("0", [])


def test_the_link_keeps_the_filters_and_says_what_narrows_the_list(client, games):
    cup, g = games
    one = cup.player(1)
    value, games_listed, counted, html = follow(client, one, "fouls-ordinary", "ruleset=fiim-2025")
    assert (value, games_listed, counted) == ("1", ids(g, "B"), [1])
    href = links(get(client, record(one, "ruleset=fiim-2025")))["fouls-ordinary"][0]
    assert parse_qs(urlsplit(href).query) == {"ruleset": ["fiim-2025"], "fact": ["fouls_ordinary"]}
    assert "The 1 game counted by «Fouls»." in html and "In all: 1." in html
    clear = re.search(r'<a href="([^"]*)#games" class="clear-figure">', html).group(1).replace("&amp;", "&")
    assert parse_qs(urlsplit(clear).query) == {"ruleset": ["fiim-2025"]}
    assert listed(get(client, clear)) == ids(g, "B")
    # The figures above stay those of the filters alone; a second filter keeps the figure.
    assert links(html)["games"][1] == "1"
    both = get(client, record(one, "fact=wins&role=civilian"))
    assert listed(both) == ids(g, "C", "A") and "The 2 games counted by «Wins»." in both


@pytest.mark.parametrize("bad", ["nothing", "rule:", "rule:Bad Slug", "games;drop"])
def test_a_bad_figure_is_reported_and_narrows_nothing(client, games, bad):
    cup, g = games
    html = get(client, record(cup.player(1), f"fact={bad}"))
    assert "These filters were not applied:" in html and "There is no such figure." in html
    assert listed(html) == ids(g, "C", "B", "A")


def test_the_figure_names_are_the_totals_names():
    """The conditions and the page's totals read the same columns (records/selectors.py)."""
    by_role = {f"{field}_{role}" for field in ("nominated", "nominated_by", "voted", "voted_by") for role in ROLES}
    assert by_role <= selectors.FIGURES.keys()
    assert {"wins", "losses", "decided", "guessed_three", "guessed_two", "fouls_ordinary"} <= selectors.FIGURES.keys()


# --- every figure of every player, against the engine's facts ----------------------------------
def engine_amount(facts: SeatFacts, fact: str) -> int:
    """The figure's amount in one seat, read from the records engine (not from the store)."""
    counted = {"games": True, "wins": facts.won is True, "losses": facts.won is False,
               "undecided": facts.won is None, "decided": facts.won is not None,
               "declared_defeats": facts.declared_defeat, "first_night_wills": facts.first_night_will}
    if fact in counted:
        return int(counted[fact])
    if fact.startswith("rule:"):
        return sum(entry.items for entry in facts.rule_points if entry.rule == fact.removeprefix("rule:"))
    for field in ("nominated_by", "voted_by", "nominated", "voted"):
        if fact.startswith(f"{field}_"):
            target = fact.removeprefix(f"{field}_")
            counts = getattr(facts, field)
            if target in (RED, BLACK):
                return sum(counts[role] for role in ROLES if TEAM_OF_ROLE[role] == target)
            if target in ROLES:
                return counts[target]
    return int(getattr(facts, fact))


def test_every_figure_link_lists_the_games_the_engine_counts(client, games):
    cup, g = games
    facts = {game.pk: engine_facts(game) for game in g.values()}
    order = ids(g, "C", "B", "A")  # newest first
    checked = 0
    for seat in range(1, 11):
        player = cup.player(seat)
        seats = {row.game_id: row.seat for row in SeatRecord.objects.filter(player=player)}
        for name, (href, value) in links(get(client, record(player))).items():
            fact = parse_qs(urlsplit(href).query).get("fact", ["games"])[0]
            html = get(client, href)
            expected = {pk: engine_amount(facts[pk][seats[pk] - 1], fact) for pk in order}
            assert listed(html) == [pk for pk in order if expected[pk]], (seat, name)
            if "data-amount" in html:  # a sum: the amounts listed add up to the figure
                assert amounts(html) == [expected[pk] for pk in order if expected[pk]], (seat, name)
                assert str(sum(amounts(html))) == value, (seat, name)
                assert selectors.figure_total(player, fact) == sum(expected.values())
            elif name not in ("win-rate", "interval", "points", "mean"):
                assert str(len(listed(html))) == value, (seat, name)
            checked += 1
    assert checked > 10 * 40  # every line, every rule and every nominations and votes cell


def test_htmx_keeps_the_figure_and_the_page_reads_in_a_fixed_number_of_queries(
        client, games, django_assert_max_num_queries):
    cup, g = games
    url = record(cup.player(1), "fact=voted_black&role=civilian")
    html = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<form" not in html and "The 2 games counted by «Voted against: Black»." in html
    assert listed(html) == ids(g, "C", "A") and amounts(html) == [1, 6]
    with django_assert_max_num_queries(14):  # the page's 12 (test_record_page.py) and the figure's total
        get(client, url)
