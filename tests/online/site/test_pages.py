"""The pages of online games: what each one sees, the vote control and the live count, night
actions, sign-ups, the post-game review, the moderator's console."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from clubs.selectors import person_name
from core.errors import ApplicationError
from online.core import clock
from online.forum import services
from online.models import Game, GameEvent, Notification, Post
from tests.factories import UserFactory
from tests.online.factories import START, a_game, a_setup

pytestmark = pytest.mark.django_db
SEVEN = ("mafia_goon", "mafia_goon", "cop", "doctor", "townie", "townie", "townie")


def page(client, game, **query):
    return client.get(reverse("online:game", kwargs={"slug": game.slug}), query)


def test_the_game_list_shows_games_in_progress_and_open_for_sign_ups(client):
    running, _users, _ = a_game(*SEVEN)
    setup = a_setup("mafia_goon", "townie", "townie")
    open_game = services.game_create(setup=setup, moderator=UserFactory(), title="Open one", now=START)
    body = client.get(reverse("online:list")).content.decode()
    assert running.title in body and open_game.title in body


def test_a_player_sees_their_role_and_team_and_no_one_else_s(client, at_start):
    game, users, _ = a_game(*SEVEN)
    client.force_login(users[0])
    body = page(client, game).content.decode()
    assert "Mafia Goon" in body and "Your team" in body
    assert page(client, game, thread="side:mafia").status_code == 200
    client.force_login(users[2])
    body = page(client, game).content.decode()
    assert "Cop" in body and "Mafia Goon" not in body
    assert page(client, game, thread="side:mafia").status_code == 404
    assert page(client, game, thread="slot:1").status_code == 404
    assert page(client, game, thread="dead").status_code == 404
    client.logout()
    assert page(client, game, thread="slot:3").status_code == 404
    assert page(client, game).status_code == 200


def test_posting_with_a_vote_tag_and_the_live_count_fragment(client, at_start):
    game, users, _ = a_game(*SEVEN, day_start=True)
    client.force_login(users[2])
    response = client.post(reverse("online:post", kwargs={"slug": game.slug}),
                           {"thread": "main", "body": "Scummy.\nVOTE: P1"})
    assert response.status_code == 302
    fragment = client.get(reverse("online:vote_count", kwargs={"slug": game.slug}), headers={"HX-Request": "true"})
    text = fragment.content.decode()
    assert 'hx-trigger="every 5s"' in text and "P1" in text and "L-3" in text
    assert "P3" in text  # the voter


def test_the_vote_count_opened_directly_is_a_page_and_for_htmx_the_fragment(client, at_start):
    """Issue 27: "`/online/<slug>/votes/` opened directly is an unstyled fragment: a full page for
    a direct visit, the fragment for htmx.\""""
    game, _users, _ = a_game(*SEVEN, day_start=True)
    url = reverse("online:vote_count", kwargs={"slug": game.slug})
    direct = client.get(url)
    assert "<html" in direct.content.decode() and 'id="vote-count"' in direct.content.decode()
    assert game.title in direct.content.decode()
    fragment = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in fragment and fragment.lstrip().startswith("<section")
    assert "HX-Request" in direct["Vary"]


def test_the_vote_control_and_only_this_player_s_posts(client, at_start):
    game, users, _ = a_game(*SEVEN, day_start=True)
    client.force_login(users[3])
    client.post(reverse("online:vote", kwargs={"slug": game.slug}), {"target": "2"})
    services.post_create(game=game, user=users[4], body="I am town.")
    post = Post.objects.get(game=game, body="VOTE: P2")
    assert post.votes.get().target == 2
    body = page(client, game, slot="5").content.decode()
    assert "I am town." in body and "VOTE: P2" not in body
    refused = client.post(reverse("online:vote", kwargs={"slug": game.slug}), {"target": "4"}, follow=True)
    assert "yourself" in refused.content.decode()


def test_a_night_action_from_the_form_and_the_result_in_the_player_s_own_thread(client, at_start):
    game, users, _ = a_game(*SEVEN)
    from online.core.deadlines import sweep_due

    sweep_due(game.deadline)
    game.refresh_from_db()
    sweep_due(game.deadline)  # Day 1 ends without a lynch
    game.refresh_from_db()
    assert game.phase == "N1"
    clock.advance(game.deadline - clock.now() - timedelta(hours=1))
    client.force_login(users[2])
    assert "investigate" in page(client, game).content.decode()
    client.post(reverse("online:action", kwargs={"slug": game.slug}), {"ability": "investigate", "target-investigate": "1"})
    assert GameEvent.objects.filter(game=game, type="night_action_submitted").count() == 1
    sweep_due(game.deadline)
    body = page(client, game, thread="slot:3").content.decode()
    assert "guilty" in body
    client.force_login(users[3])
    assert page(client, game, thread="slot:3").status_code == 404


def test_the_review_opens_when_the_moderator_publishes_it_after_the_end(client, at_start):
    game, users, moderator = a_game("mafia_goon", "townie", "townie", day_start=True)
    review = reverse("online:review", kwargs={"slug": game.slug})
    client.force_login(users[1])
    assert client.get(review).status_code == 403
    client.force_login(moderator)
    assert client.get(review).status_code == 200
    services.slot_modkill(game=game, number=1, note="Gone")
    client.force_login(users[1])
    assert client.get(review).status_code == 403, "over, not yet published: the secrets stay"
    assert page(client, game, thread="slot:1").status_code == 404
    client.force_login(moderator)
    publish = reverse("online_mod:action", kwargs={"slug": game.slug, "action": "publish"})
    client.post(publish, {"note": "Thanks for playing!"})
    game.refresh_from_db()
    assert game.review_published_at is not None and game.review_note == "Thanks for playing!"
    client.force_login(users[1])
    response = client.get(review)
    assert response.status_code == 200 and "Mafia Goon" in response.content.decode()
    assert page(client, game, thread="slot:1").status_code == 200, "everything opens with the review"
    assert "Thanks for playing!" in page(client, game).content.decode(), "the public note is in the main thread"
    assert Notification.objects.filter(user=users[2], kind="review").exists()


def test_the_review_is_published_only_after_the_end_and_once(at_start):
    game, users, moderator = a_game("mafia_goon", "townie", "townie", day_start=True)
    with pytest.raises(ApplicationError, match="after the game is over"):
        services.review_publish(game=game)
    services.slot_modkill(game=game, number=1, note="Gone")
    services.review_publish(game=game)
    with pytest.raises(ApplicationError, match="already published"):
        services.review_publish(game=game)


def test_sign_up_and_leave_from_the_page(client):
    game = services.game_create(setup=a_setup("mafia_goon", "townie", "townie"), moderator=UserFactory(),
                                title="Open", now=START)
    user = UserFactory()
    client.force_login(user)
    client.post(reverse("online:signup", kwargs={"slug": game.slug}), {"name": "Zed"})
    # "One display name per person everywhere" (issue 27): the seat takes the person's name
    # (clubs.selectors.person_name), not a name typed for this game
    assert game.signups.get().name == person_name(user) != "Zed"
    client.post(reverse("online:signup", kwargs={"slug": game.slug}), {"leave": "1"})
    assert not game.signups.exists()


def test_a_spectator_follows_and_is_notified_of_phase_changes(client, at_start):
    game, _users, _ = a_game(*SEVEN)
    fan = UserFactory()
    client.force_login(fan)
    client.post(reverse("online:follow", kwargs={"slug": game.slug}))
    from online.core.deadlines import sweep_due

    sweep_due(game.deadline)
    assert Notification.objects.filter(user=fan, kind="phase").exists()
    assert page(client, game, thread="side:mafia").status_code == 404
    assert page(client, game, thread="slot:1").status_code == 404
    dead = page(client, game, thread="dead")
    assert dead.status_code == 200, "the dead and spectators' thread is the spectators' too"
    client.post(reverse("online:post", kwargs={"slug": game.slug}), {"thread": "dead", "body": "Spectating!"})
    assert Post.objects.get(thread__key="dead").author == fan
    client.post(reverse("online:follow", kwargs={"slug": game.slug}), {"stop": "1"})
    assert page(client, game, thread="dead").status_code == 404


def test_the_moderator_console_runs_a_game_from_sign_ups_to_the_start(client, at_start):
    moderator = UserFactory(is_staff=True)
    client.force_login(moderator)
    console = reverse("online_mod:console")
    client.post(reverse("online_mod:setup_new"), {"what": "import", "name": "Tiny", "data": (
        '{"ruleset": "forum", "roles": [{"role": "mafia_goon"}, {"role": "townie", "count": 2}],'
        ' "options": {"day_start": true}}')})
    bad = client.post(reverse("online_mod:setup_new"), {"what": "import", "name": "Bad", "data": '{"roles": 3}'})
    assert "List at least one role." in bad.content.decode()
    setup_pk = client.get(console).context["setups"].get(name="Tiny").pk
    client.post(console, {"what": "game", "title": "Console game", "setup": setup_pk, "time_zone": "Europe/Moscow"})
    game = Game.objects.get(title="Console game")
    assert game.time_zone == "Europe/Moscow"
    for n in range(3):
        services.signup_join(game=game, user=UserFactory(), name=f"S{n}")
    for action in ("deal", "roles", "start"):
        client.post(reverse("online_mod:action", kwargs={"slug": game.slug, "action": action}))
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and game.phase == "D1"
    assert Post.objects.filter(game=game, event__type="role_message").count() == 3
    client.post(reverse("online_mod:action", kwargs={"slug": game.slug, "action": "extend"}),
                {"hours": "5", "note": "More time"})
    assert GameEvent.objects.filter(game=game, type="deadline_extended").exists()
    body = client.get(reverse("online_mod:game", kwargs={"slug": game.slug})).content.decode()
    assert "never" in body  # hours since last post
    client.force_login(UserFactory())
    assert client.get(reverse("online_mod:game", kwargs={"slug": game.slug})).status_code == 403


def test_a_player_with_two_actions_sends_each_with_its_own_target(client, at_start):
    game, users, _ = a_game("mafia_roleblocker", "mafia_goon", "cop", "doctor", "townie", "townie", "townie")
    from online.core.deadlines import sweep_due

    sweep_due(game.deadline)
    sweep_due(Game.objects.get(pk=game.pk).deadline)
    clock.advance(Game.objects.get(pk=game.pk).deadline - clock.now() - timedelta(hours=1))
    client.force_login(users[0])
    url = reverse("online:action", kwargs={"slug": game.slug})
    client.post(url, {"ability": "kill", "target-block": "3", "target-kill": "5"})
    client.post(url, {"ability": "block", "target-block": "4", "target-kill": "6"})
    sent = {e.data["ability"]: e.data["target"] for e in GameEvent.objects.filter(type="night_action_submitted")}
    assert sent == {"kill": 5, "block": 4}
    client.force_login(users[1])
    assert "Your teammate P1 sent the team kill: P5." in page(client, game).content.decode()
    client.force_login(users[2])
    assert "team kill" not in page(client, game).content.decode()


def test_the_public_night_order_page(client):
    setup = a_setup("mafia_goon", "cop", "doctor", "townie")
    body = client.get(reverse("online:night_order", kwargs={"slug": setup.slug})).content.decode()
    assert body.index("Roleblocks") < body.index("Protection") < body.index("Kills") < body.index("Investigations")


def test_quoting_a_post_links_back_to_it(client, at_start):
    game, users, _ = a_game(*SEVEN, day_start=True)
    original = services.post_create(game=game, user=users[4], body="I claim townie.")
    client.force_login(users[5])
    body = page(client, game, quote=str(original.pk)).content.decode()
    assert f"[quote=P5]I claim townie.[/quote]\n&gt;&gt;{original.pk}" in body
    services.post_create(game=game, user=users[5], body=f"[quote=P5]I claim townie.[/quote]\n>>{original.pk}\nSure.")
    body = page(client, game).content.decode()
    assert '<blockquote class="quote"><cite>P5</cite>I claim townie.</blockquote>' in body
    assert f'<a href="?thread=main&amp;post={original.pk}#post-{original.pk}">' in body
    secret = services.post_create(game=game, user=users[0], thread_key="side:mafia", body="Kill P3")
    assert "Kill P3" not in page(client, game, quote=str(secret.pk)).content.decode(), "only a readable post"


def test_a_link_to_a_post_opens_the_page_of_the_thread_that_holds_it(client, at_start):
    """Vote history links and >>123 links name the post; the page shown is the one it is on."""
    from online.forum.views import PAGE_SIZE

    game, users, _ = a_game(*SEVEN, day_start=True)
    first = services.vote_cast(game=game, user=users[4], target=6)
    for n in range(PAGE_SIZE + 5):
        services.post_create(game=game, user=users[n % 7], body=f"Post {n}")
    client.force_login(users[5])
    assert f'id="post-{first.pk}"' not in page(client, game).content.decode(), "the last page by default"
    body = page(client, game, post=str(first.pk)).content.decode()
    assert f'id="post-{first.pk}"' in body
    count = client.get(reverse("online:vote_count", kwargs={"slug": game.slug})).content.decode()
    assert f'?post={first.pk}#post-{first.pk}">#{first.pk}</a>' in count, "the vote history links the vote's post"


def test_the_vote_control_never_offers_an_innocent_child(client, at_start):
    game, users, _ = a_game("mafia_goon", "innocent_child", "townie", "townie", "townie", day_start=True)
    client.force_login(users[2])
    control = page(client, game).content.decode().split('class="vote-control"')[1].split("</form>")[0]
    assert '<option value="2">' not in control and '<option value="1">' in control


def test_the_role_catalogue_lists_every_role_with_its_stage(client):
    from online.engine.forum.roles import ROLES

    body = client.get(reverse("online:roles")).content.decode()
    for role in ROLES.values():
        assert f'id="role-{role.id}"' in body
    assert body.index('id="stage-block"') < body.index('id="stage-protect"') < body.index('id="stage-kill"') \
        < body.index('id="stage-investigate"')
    russian = client.get(reverse("online:roles"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Комиссар" in russian and "Роли форумной игры" in russian


def test_the_console_counts_the_hours_since_each_player_s_last_post(client, at_start):
    game, users, moderator = a_game(*SEVEN, day_start=True)
    services.post_create(game=game, user=users[2], body="Here.")
    clock.advance(timedelta(hours=3, minutes=10))
    client.force_login(moderator)
    response = client.get(reverse("online_mod:game", kwargs={"slug": game.slug}))
    rows = {row["slot"].number: row["hours"] for row in response.context["activity"]}
    assert rows[3] == 3 and rows[1] is None


def test_a_poll_that_finds_the_count_unchanged_is_answered_304(client, at_start, django_assert_max_num_queries):
    game, users, _ = a_game(*SEVEN, day_start=True)
    url = reverse("online:vote_count", kwargs={"slug": game.slug})
    first = client.get(url, headers={"HX-Request": "true"})
    assert first.status_code == 200 and first["ETag"]
    with django_assert_max_num_queries(1):
        again = client.get(url, headers={"HX-Request": "true", "If-None-Match": first["ETag"]})
    assert again.status_code == 304
    services.vote_cast(game=game, user=users[0], target=3)
    changed = client.get(url, headers={"HX-Request": "true", "If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and "L-3" in changed.content.decode()


def test_the_game_list_asks_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    for _ in range(3):
        a_game("mafia_goon", "townie", "townie")
    with django_assert_max_num_queries(8):
        assert client.get(reverse("online:list")).status_code == 200
