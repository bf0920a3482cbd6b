import datetime

import pytest
from django.core import mail
from django.utils import timezone

from clubs.models import Player
from core.audit import audit_trail
from core.errors import ApplicationError
from tests.factories import PlayerFactory, UserFactory, UserPlayerFactory
from tournaments import services
from tournaments.models import Application, Tournament

from .factories import ApplicationFactory, EveningFactory, TournamentFactory, organizer_of

pytestmark = pytest.mark.django_db
S = Application.Status


def apply(tournament, player):
    return services.application_submit(tournament=tournament, user=player.user)


def test_a_signed_in_player_applies_and_it_is_audited():
    tournament = TournamentFactory()
    player = UserPlayerFactory()
    application = services.application_submit(tournament=tournament, user=player.user, message="Hi")
    assert application.status == S.PENDING and application.player == player and application.message == "Hi"
    assert audit_trail(application).filter(action="application.submitted").exists()


def test_a_second_application_by_the_same_player_is_refused_clearly():
    tournament = TournamentFactory(name="Spring Cup")
    player = UserPlayerFactory(nickname="Vera")
    apply(tournament, player)
    with pytest.raises(ApplicationError) as exc:
        apply(tournament, player)
    assert exc.value.code == "duplicate"
    assert "Vera has already applied for Spring Cup" in exc.value.message
    assert Application.objects.filter(tournament=tournament).count() == 1


def test_a_withdrawn_player_may_apply_again_and_the_application_reopens():
    tournament = TournamentFactory()
    player = UserPlayerFactory()
    application = apply(tournament, player)
    services.application_withdraw(application=application, actor=player.user)
    again = apply(tournament, player)
    assert again.pk == application.pk and again.status == S.PENDING


def test_a_guest_application_creates_a_pending_player():
    tournament = TournamentFactory()
    application = services.application_submit(tournament=tournament, guest_name="Stranger",
                                              guest_contact="stranger@example.com")
    player = application.player
    assert player.is_pending and player.user is None and player.contact == "stranger@example.com"
    # the same guest again: refused as a duplicate, no second player
    with pytest.raises(ApplicationError) as exc:
        services.application_submit(tournament=tournament, guest_name="stranger",
                                    guest_contact="Stranger@example.com")
    assert exc.value.code == "duplicate"
    assert Player.objects.filter(nickname__iexact="stranger").count() == 1


def test_a_guest_cannot_take_a_registered_nickname_or_apply_without_a_contact():
    tournament = TournamentFactory()
    PlayerFactory(nickname="Boris")
    with pytest.raises(ApplicationError) as exc:
        services.application_submit(tournament=tournament, guest_name="boris", guest_contact="+7 900")
    assert exc.value.code == "nickname"
    with pytest.raises(ApplicationError):
        services.application_submit(tournament=tournament, guest_name="Someone", guest_contact=" ")


def test_accepting_a_guest_confirms_the_player():
    tournament = TournamentFactory()
    application = services.application_submit(tournament=tournament, guest_name="Newbie", guest_contact="+7 1")
    services.application_decide(application=application, status=S.ACCEPTED, actor=organizer_of(tournament.club))
    application.player.refresh_from_db()
    assert application.player.is_pending is False


def test_applications_close_at_the_deadline():
    tournament = TournamentFactory(application_deadline=timezone.now() - datetime.timedelta(minutes=1))
    with pytest.raises(ApplicationError) as exc:
        apply(tournament, UserPlayerFactory())
    assert exc.value.code == "deadline"
    tournament.application_deadline = timezone.now() + datetime.timedelta(hours=1)
    tournament.save()
    assert apply(tournament, UserPlayerFactory()).status == S.PENDING


@pytest.mark.parametrize("status", [s for s in Tournament.Status.values if s != "registration_open"])
def test_applications_are_refused_unless_registration_is_open(status):
    tournament = TournamentFactory(status=status)
    with pytest.raises(ApplicationError) as exc:
        apply(tournament, UserPlayerFactory())
    assert exc.value.code == "closed"


def test_the_state_machine_allows_only_its_transitions():
    tournament = TournamentFactory()
    actor = organizer_of(tournament.club)
    application = ApplicationFactory(tournament=tournament)
    services.application_decide(application=application, status=S.WAITLISTED, actor=actor)
    application.refresh_from_db()
    assert application.status == S.WAITLISTED and application.waitlist_position == 1
    services.application_decide(application=application, status=S.ACCEPTED, actor=actor)
    application.refresh_from_db()
    assert application.status == S.ACCEPTED and application.waitlist_position is None
    assert application.decided_at is not None
    with pytest.raises(ApplicationError) as exc:
        services.application_decide(application=application, status=S.ACCEPTED, actor=actor)
    assert exc.value.code == "unchanged"
    services.application_withdraw(application=application, actor=actor)
    for status in Application.DECISIONS:
        with pytest.raises(ApplicationError) as exc:
            services.application_decide(application=application, status=status, actor=actor)
        assert exc.value.code == "transition"
    with pytest.raises(ApplicationError):
        services.application_decide(application=application, status="pending", actor=actor)
    actions = list(audit_trail(application).values_list("action", flat=True))
    assert actions.count("application.decided") == 2 and "application.withdrawn" in actions


def test_rejected_cannot_withdraw_and_waitlist_positions_grow():
    tournament = TournamentFactory()
    actor = organizer_of(tournament.club)
    first, second, third = ApplicationFactory.create_batch(3, tournament=tournament)
    for a in (first, second):
        services.application_decide(application=a, status=S.WAITLISTED, actor=actor)
    services.application_decide(application=third, status=S.REJECTED, actor=actor)
    assert [a.waitlist_position for a in Application.objects.filter(status=S.WAITLISTED)] == [1, 2]
    with pytest.raises(ApplicationError):
        services.application_withdraw(application=third, actor=actor)


def test_capacity_is_tables_times_ten_unless_set():
    tournament = TournamentFactory(tables=1, capacity=2)
    actor = organizer_of(tournament.club)
    a, b, c = ApplicationFactory.create_batch(3, tournament=tournament)
    services.application_decide(application=a, status=S.ACCEPTED, actor=actor)
    services.application_decide(application=b, status=S.ACCEPTED, actor=actor)
    with pytest.raises(ApplicationError) as exc:
        services.application_decide(application=c, status=S.ACCEPTED, actor=actor)
    assert exc.value.code == "full" and "2 seats" in exc.value.message
    assert TournamentFactory(tables=3).seat_capacity == 30


def test_withdrawal_promotes_the_first_on_the_waiting_list_and_tells_them(django_capture_on_commit_callbacks):
    tournament = TournamentFactory(tables=1, capacity=1, name="Autumn Cup")
    actor = organizer_of(tournament.club)
    seated = ApplicationFactory(tournament=tournament)
    services.application_decide(application=seated, status=S.ACCEPTED, actor=actor)
    first = ApplicationFactory(tournament=tournament, player=UserPlayerFactory(user=UserFactory(email="first@x.org")))
    second = ApplicationFactory(tournament=tournament)
    services.application_decide(application=first, status=S.WAITLISTED, actor=actor)
    services.application_decide(application=second, status=S.WAITLISTED, actor=actor)

    with django_capture_on_commit_callbacks(execute=True):
        promoted = services.application_withdraw(application=seated, actor=seated.player.user)

    assert [a.pk for a in promoted] == [first.pk]
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == S.ACCEPTED and second.status == S.WAITLISTED
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["first@x.org"] and "Autumn Cup" in mail.outbox[0].subject
    assert audit_trail(first).filter(action="application.promoted").exists()


def test_promotion_writes_to_a_guest_contact_only_when_it_is_an_email(django_capture_on_commit_callbacks):
    tournament = TournamentFactory(tables=1, capacity=1)
    actor = organizer_of(tournament.club)
    seated = ApplicationFactory(tournament=tournament, status=S.ACCEPTED)
    phone_guest = services.application_submit(tournament=tournament, guest_name="Phone", guest_contact="+7 900 1")
    services.application_decide(application=phone_guest, status=S.WAITLISTED, actor=actor)
    with django_capture_on_commit_callbacks(execute=True):
        services.application_decide(application=seated, status=S.REJECTED, actor=actor)
    phone_guest.refresh_from_db()
    assert phone_guest.status == S.ACCEPTED
    assert mail.outbox == []


def test_evening_applications_use_the_same_rules(django_capture_on_commit_callbacks):
    evening = EveningFactory(capacity=1)
    actor = organizer_of(evening.club)
    a = services.application_submit(evening=evening, user=UserPlayerFactory().user)
    b = services.application_submit(evening=evening, guest_name="Guesty", guest_contact="g@example.com")
    services.application_decide(application=a, status=S.ACCEPTED, actor=actor)
    with pytest.raises(ApplicationError):
        services.application_decide(application=b, status=S.ACCEPTED, actor=actor)
    services.application_decide(application=b, status=S.WAITLISTED, actor=actor)
    with django_capture_on_commit_callbacks(execute=True):
        services.application_withdraw(application=a, actor=actor)
    b.refresh_from_db()
    assert b.status == S.ACCEPTED and mail.outbox[0].to == ["g@example.com"]
    evening.status = evening.Status.CLOSED
    evening.save()
    with pytest.raises(ApplicationError):
        services.application_submit(evening=evening, user=UserPlayerFactory().user)
