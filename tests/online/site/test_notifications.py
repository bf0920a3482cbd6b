"""Notifications of online games: in-site and by e-mail (phase changes, role messages, prods, the
end, the review), each written in its reader's language — the page's for the in-site list, the
language the recipient last used the site in for the e-mail — with the times in the game's zone."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse

from online.core.languages import language_of
from online.core.texts import notification_rulesets
from online.engine.rulesets import RULESET_MODULES
from online.forum import services
from online.models import LanguagePreference, Notification
from online.tasks import mail_notifications
from tests.factories import UserFactory
from tests.online.factories import START, a_game

pytestmark = pytest.mark.django_db


def test_the_site_remembers_the_language_a_user_reads_it_in(client, settings):
    user = UserFactory()
    client.force_login(user)
    assert language_of(user) == "en", "the site's default before anything is known"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    client.get(reverse("online:list"))
    assert language_of(user) == "ru"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    client.get(reverse("online:list"))
    assert LanguagePreference.objects.get(user=user).language == "en"


def test_each_e_mail_is_in_its_recipient_s_language_with_the_game_s_zone(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    game, users, _moderator = a_game("mafia_goon", "townie", "townie", "townie", names=["Anna", "Boris", "Vera",
                                                                                         "Gleb"])
    game.time_zone = "Europe/Moscow"
    game.save(update_fields=["time_zone"])
    for user in users:
        user.email = f"{user.username}@example.com"
        user.save()
    LanguagePreference.objects.create(user=users[0], language="ru")
    LanguagePreference.objects.create(user=users[1], language="en")
    Notification.objects.all().delete()
    from online.core.deadlines import resolve_due_phase

    resolve_due_phase(game.pk, game.deadline + timedelta(minutes=1))  # Night 0 ends: Day 1 begins
    ids = list(Notification.objects.filter(kind="phase", user__in=users[:2]).values_list("pk", flat=True))
    mail.outbox.clear()
    assert mail_notifications(ids) == 2
    by_address = {message.to[0]: message for message in mail.outbox}
    russian, english = by_address[users[0].email], by_address[users[1].email]
    # the zone's name in the reader's language (core/written.py)
    assert "Начался этап «День 1». Дедлайн:" in russian.subject and "МСК" in russian.subject
    assert "Day 1 has begun. Deadline:" in english.subject and "MSK" in english.subject
    assert "Z" not in english.subject.split("Deadline:")[1], "no raw ISO time"


def test_the_in_site_list_is_in_the_reader_s_language(client):
    game, users, _moderator = a_game("mafia_goon", "townie", "townie", "townie")
    services.slot_prod(game=game, number=2, note="Please post.", now=START + timedelta(minutes=5))
    client.force_login(users[1])
    english = client.get(reverse("online:notifications"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The moderator prodded you: please post in the game. Please post." in english
    russian = client.get(reverse("online:notifications"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Ведущий" in russian and "The moderator prodded you" not in russian


def test_role_messages_prods_the_end_and_the_review_notify(client):
    game, users, moderator = a_game("mafia_goon", "townie", "townie", day_start=True)
    fan = UserFactory()
    services.follow_set(game=game, user=fan, on=True)
    services.role_messages_send(game=game, now=START + timedelta(minutes=1))
    services.slot_prod(game=game, number=2, now=START + timedelta(minutes=2))
    services.slot_modkill(game=game, number=1, note="Gone", now=START + timedelta(minutes=3))
    services.review_publish(game=game, now=START + timedelta(minutes=4))
    kinds = set(Notification.objects.filter(user=users[1]).values_list("kind", flat=True))
    assert {"role", "prod", "game", "review"} <= kinds
    assert set(Notification.objects.filter(user=fan).values_list("kind", flat=True)) >= {"game", "review"}
    assert not Notification.objects.filter(user=fan, kind="role").exists(), "a spectator gets no role message"


def test_the_mail_task_run_twice_for_the_same_notifications_sends_each_one_once(settings):
    """A Celery retry or a re-queued message runs the task again with the same ids: each
    notification's e-mail goes out once (docs/online-site.md, "Notifications")."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    game, users, _moderator = a_game("mafia_goon", "townie", "townie", "townie")
    for user in users:
        user.email = f"{user.username}@example.com"
        user.save()
    services.slot_prod(game=game, number=2, note="Please post.", now=START + timedelta(minutes=5))
    ids = list(Notification.objects.filter(game=game).values_list("pk", flat=True))
    mail.outbox.clear()
    assert mail_notifications(ids) == len(ids) > 0
    assert mail_notifications(ids) == 0, "the second run sends nothing"
    assert mail_notifications.delay(ids).get() == 0
    assert sorted(message.to[0] for message in mail.outbox) == sorted(
        Notification.objects.filter(pk__in=ids).values_list("user__email", flat=True))


def test_every_ruleset_registers_the_text_of_its_notifications():
    """online/core/texts.py looks a notification's text up by its game's ruleset: no special case."""
    assert notification_rulesets() >= set(RULESET_MODULES)


def test_a_notification_no_renderer_knows_reads_as_news_not_a_500(client):
    game, users, _moderator = a_game("mafia_goon", "townie", "townie", "townie")
    Notification.objects.create(user=users[0], game=game, kind="unheard-of", params={"x": 1}, created_at=START)
    client.force_login(users[0])
    page = client.get(reverse("online:notifications"), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "There is news in this game." in page.content.decode()
    setup = game.setup
    setup.data = {**setup.data, "ruleset": "a-ruleset-with-no-texts"}
    setup.save(update_fields=["data"])
    note = Notification.objects.select_related("game__setup").get(user=users[0], kind="unheard-of")
    assert note.text == "There is news in this game."
    russian = client.get(reverse("online:notifications"), HTTP_ACCEPT_LANGUAGE="ru")
    assert russian.status_code == 200 and "There is news in this game." not in russian.content.decode()
