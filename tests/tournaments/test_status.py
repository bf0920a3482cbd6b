import pytest

from core.audit import audit_trail
from core.errors import ApplicationError
from tournaments import services
from tournaments.models import Evening, Tournament

from .factories import EveningFactory, TournamentFactory, accepted_players, organizer_of

pytestmark = pytest.mark.django_db
T = Tournament.Status


def test_the_transitions_are_declared_for_every_status():
    assert set(Tournament.TRANSITIONS) == set(T.values)
    assert set(Evening.TRANSITIONS) == set(Evening.Status.values)


def test_a_tournament_walks_from_draft_to_finished():
    tournament = TournamentFactory(status=T.DRAFT, tables=1)
    actor = organizer_of(tournament.club)
    services.tournament_set_status(tournament=tournament, status=T.REGISTRATION_OPEN, actor=actor)
    services.tournament_set_status(tournament=tournament, status=T.REGISTRATION_CLOSED, actor=actor)
    with pytest.raises(ApplicationError) as exc:  # no seating yet
        services.tournament_set_status(tournament=tournament, status=T.SEATING_PUBLISHED, actor=actor)
    assert exc.value.code == "no_seating"
    accepted_players(tournament, 10)
    services.seating_generate(tournament=tournament, actor=actor, seed=1)
    services.tournament_set_status(tournament=tournament, status=T.SEATING_PUBLISHED, actor=actor)
    tournament.refresh_from_db()
    assert tournament.publish_seating and all(r.seating_published for r in tournament.rounds.all())
    services.tournament_set_status(tournament=tournament, status=T.RUNNING, actor=actor)
    services.tournament_set_status(tournament=tournament, status=T.FINISHED, actor=actor)
    tournament.refresh_from_db()
    assert tournament.status == T.FINISHED
    steps = [(e.data["from"], e.data["to"]) for e in audit_trail(tournament).filter(action="tournament.status")]
    assert len(steps) == 5


@pytest.mark.parametrize(("start", "target"), [
    (T.DRAFT, T.RUNNING), (T.DRAFT, T.FINISHED), (T.REGISTRATION_OPEN, T.RUNNING),
    (T.REGISTRATION_OPEN, T.SEATING_PUBLISHED), (T.RUNNING, T.DRAFT), (T.FINISHED, T.DRAFT),
    (T.SEATING_PUBLISHED, T.REGISTRATION_OPEN), (T.DRAFT, "nonsense"),
])
def test_forbidden_transitions_are_refused(start, target):
    tournament = TournamentFactory(status=start)
    with pytest.raises(ApplicationError):
        services.tournament_set_status(tournament=tournament, status=target, actor=None)
    tournament.refresh_from_db()
    assert tournament.status == start


def test_evening_transitions():
    evening = EveningFactory()
    services.evening_set_status(evening=evening, status=Evening.Status.CLOSED, actor=None)
    services.evening_set_status(evening=evening, status=Evening.Status.RUNNING, actor=None)
    with pytest.raises(ApplicationError):
        services.evening_set_status(evening=evening, status=Evening.Status.OPEN, actor=None)


def test_create_tournament_validates_final_and_tie_breaks():
    club = TournamentFactory().club
    import datetime

    day = datetime.date(2030, 5, 1)
    t = services.tournament_create(club=club, actor=None, name="Grand Prix", starts_on=day, ends_on=day,
                                   final_size=10, tie_break_order=["extra", "wins"])
    assert t.slug == "grand-prix" and t.status == T.DRAFT and t.effective_tie_break == ["total", "extra", "wins"]
    assert services.tournament_create(club=club, actor=None, name="Grand Prix", starts_on=day,
                                      ends_on=day).slug == "grand-prix-2"
    with pytest.raises(ApplicationError):
        services.tournament_create(club=club, actor=None, name="X", starts_on=day, ends_on=day, final_size=12)
    with pytest.raises(ApplicationError):
        services.tournament_create(club=club, actor=None, name="X", starts_on=day, ends_on=day,
                                   tie_break_order=["luck"])
    with pytest.raises(ApplicationError):
        services.tournament_create(club=club, actor=None, name="X", starts_on=day,
                                   ends_on=day - datetime.timedelta(days=1))
