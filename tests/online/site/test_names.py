"""One display name per person everywhere (issue 27: "Players see internal ids as names: Mafia 1923
announcements say "M1923-mizrahi-3 was killed", the Sheriff's jail list reads `M1923-cohen-1…`;
the same account is "Arkady" in the top bar and "Player" in every online game. One display name
per person everywhere; demo people have names."). The rule: clubs.selectors.person_name
(docs/online-site.md, "Names")."""

from __future__ import annotations

import re

import pytest
from django.http import HttpRequest

from online.models import Game

pytestmark = pytest.mark.django_db

PASSWORD = "mafia-demo-2026"
FORUM = "/online/demo-forum-game/"
M1923 = "/online/1923/demo-mafia-1923/"


def visible(response) -> str:
    body = response.content.decode()
    body = re.sub(r"<(script|style)\b.*?</\1>", "", body, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def login(client, username):
    assert client.login(request=HttpRequest(), username=username, password=PASSWORD)


def test_the_top_bar_the_forum_thread_and_the_mafia_1923_pages_name_arkady_one_way(client, demo_world):
    login(client, "player")
    forum = visible(client.get(FORUM))
    assert re.search(r"<summary>\s*Arkady\s*</summary>", client.get(FORUM).content.decode()), "the top bar"
    assert "Arkady" in forum and "Player" not in forum.replace("Players", ""), "the seat is Arkady's, not 'Player'"
    event = visible(client.get(M1923))
    assert "Arkady" in event
    assert Game.objects.get(slug="demo-forum-game").slots.get(user__username="player").name == "Arkady"
    assert Game.objects.get(slug="demo-mafia-1923").slots.get(user__username="player").name == "Arkady"


def test_the_night_s_announcement_and_the_sheriff_s_jail_list_show_names_not_ids(client, demo_world):
    """Night 1 of the demo: the Mafia kills m1923-mizrahi-3 (Shimon Mizrahi by name)."""
    login(client, "player")  # the Sheriff
    announcement = visible(client.get(M1923))
    assert "Shimon Mizrahi" in announcement
    jail = visible(client.get(f"{M1923}actions/"))
    assert "Avraham Cohen" in jail, "the jail list names m1923-cohen-1 by name"
    for page in (announcement, jail):
        assert "m1923-" not in page.lower()


def test_every_demo_person_in_an_online_game_has_a_name(demo_world):
    for game in Game.objects.all():
        for slot in game.slots.select_related("user__player"):
            assert slot.user.player.nickname == slot.name, (game.slug, slot.user.username)


@pytest.mark.parametrize("username", ["player", "judge", "organizer", "m1923-cohen-1", None])
def test_no_internal_id_on_any_online_page_of_the_demo_world(client, demo_world, username):
    """Walk the online pages (the players', the spectators', the moderators') as each kind of
    person; no page shows an `M1923-` id."""
    if username:
        login(client, username)
    game = Game.objects.get(slug="demo-mafia-1923")
    pages = ["/online/", "/online/1923/", FORUM, f"{FORUM}votes/", f"{FORUM}review/", "/online/demo-sign-ups/",
             M1923, f"{M1923}actions/", f"{M1923}votes/", f"{M1923}board/", f"{M1923}questions/",
             "/online/notifications/", "/organize/online/", "/organize/online/1923/",
             f"/organize/online/1923/{game.slug}/", f"/organize/online/{FORUM.split('/')[2]}/"]
    pages += [f"{M1923}family/{n}/" for n in range(3)]
    for url in pages:
        response = client.get(url)
        assert response.status_code < 500, url
        if response.status_code == 200:
            assert "m1923-" not in visible(response).lower(), url
