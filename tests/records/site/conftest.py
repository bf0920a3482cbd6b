from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from games.engine.examples import full_pro_mafia_game
from games.models import Game
from tests.discipline.helpers import Cup, dd_game, red_disqualification_game

from .kit import publish

OCTOBER_FIRST = datetime(2026, 10, 1, 19, 0, tzinfo=ZoneInfo("UTC"))


@pytest.fixture
def cup(db):
    """A tournament with a judge, two organizers, a chief judge and ten players with accounts;
    confirmed games are published at once (its switch is on)."""
    return Cup()


@pytest.fixture
def season(cup, run):
    """The cup's players in three games: the full Pro Mafia game on 1 October and a red
    disqualification game later (both published), and a DD game whose results were hidden again."""
    october = run(cup.play, full_pro_mafia_game())
    Game.objects.filter(pk=october.pk).update(played_at=OCTOBER_FIRST)
    october = run(cup.confirm, october)
    later = run(cup.confirm, run(cup.play, red_disqualification_game()))
    hidden = run(cup.confirm, run(cup.play, dd_game()))
    run(publish, cup, hidden, False)
    return cup, october, later, hidden
