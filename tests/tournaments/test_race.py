"""Two organizers accept the last seat at the same moment: exactly one of them gets it."""

import threading

import pytest
from django.db import connection

from core.errors import ApplicationError
from tournaments import services
from tournaments.models import Application

from .factories import ApplicationFactory, EveningFactory, TournamentFactory, organizer_of


def _race(applications, actors):
    barrier = threading.Barrier(len(applications))
    outcomes = []
    lock = threading.Lock()

    def accept(application, actor):
        try:
            barrier.wait(timeout=10)
            services.application_decide(application=application, status=Application.Status.ACCEPTED, actor=actor)
            result = "accepted"
        except ApplicationError as exc:
            result = exc.code
        finally:
            connection.close()  # each thread had its own connection
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=accept, args=(a, u)) for a, u in zip(applications, actors, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return outcomes


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_two_organizers_accepting_the_last_tournament_seat_never_overbook_it(attempt):
    tournament = TournamentFactory(tables=1, capacity=3)
    ApplicationFactory.create_batch(2, tournament=tournament, status=Application.Status.ACCEPTED)
    contenders = ApplicationFactory.create_batch(2, tournament=tournament)
    actors = [organizer_of(tournament.club), organizer_of(tournament.club)]

    outcomes = _race(contenders, actors)

    assert sorted(outcomes) == ["accepted", "full"]
    assert Application.objects.filter(tournament=tournament, status=Application.Status.ACCEPTED).count() == 3


@pytest.mark.django_db(transaction=True)
def test_the_last_evening_seat_is_not_overbooked_either():
    evening = EveningFactory(capacity=1)
    contenders = [ApplicationFactory(tournament=None, evening=evening) for _ in range(2)]
    outcomes = _race(contenders, [organizer_of(evening.club), organizer_of(evening.club)])
    assert sorted(outcomes) == ["accepted", "full"]
    assert Application.objects.filter(evening=evening, status=Application.Status.ACCEPTED).count() == 1
