"""The forum game's refusals come in one written order (docs/online-engine.md, "Refusals"): the
game, then who acts, then when, then what, then whom. A command that is wrong in two ways is
refused for the first of them, so a dead player who votes at night hears that the dead do not
vote, not that it is night (issue 26)."""

from online.engine.commands import Vote
from online.engine.scenario import ForumScenario

from .kit import MINI, mini


def night_one_with_slot_5_gone() -> ForumScenario:
    return ForumScenario(*MINI).to("N1").modkill(5)


def day_one_with_slot_5_gone() -> ForumScenario:
    return mini(day_start=True).modkill(5)


def test_a_dead_player_who_votes_at_night_is_refused_as_dead_not_as_not_day():
    # Seed 002, "Day Phases": "During each Day Phase, all living players may vote to lynch
    # another living player." Who votes comes before when.
    game = night_one_with_slot_5_gone()
    game.refuses("vote.voter-dead").vote(5, 3)
    game.refuses("vote.voter-dead").unvote(5)


def test_a_dead_player_who_acts_by_day_or_on_night_0_is_refused_as_dead():
    # Seed 002, "Night Phases": "Each player whose role has a Night Action may submit it each
    # Night" — a player, that is one still in the game; the dead are refused as dead whenever.
    game = ForumScenario(*MINI, options={"day_start": True}).modkill(1)
    game.refuses("action.actor-dead").act(1, "investigate", 3)
    game = mini().modkill(1)  # Night 0
    game.refuses("action.actor-dead").act(1, "investigate", 3)
    game = night_one_with_slot_5_gone()
    game.refuses("action.actor-dead").kill(5, 1)  # slot 5 is a Townie: dead comes before "not yours"


def test_an_unknown_actor_comes_before_the_phase():
    game = ForumScenario(*MINI).to("N1")
    game.refuses("actor.unknown-slot").vote(9, 3)
    game.refuses("actor.unknown-slot").act(9, "investigate", 3)


def test_the_phase_comes_before_the_ballot_the_ability_and_the_target():
    night = ForumScenario(*MINI).to("N1")
    night.refuses("vote.not-day").do(Vote(at=night.now, actor=5, target=9, ballot="other"))
    day = day_one_with_slot_5_gone()
    day.refuses("action.not-night").act(6, "investigate", 3)  # a Townie, by day: when first
    day.refuses("action.not-night").act(1, "investigate", 5)  # a dead target, by day: when first


def test_what_comes_before_whom():
    day = day_one_with_slot_5_gone()
    day.refuses("vote.unknown-ballot").do(Vote(at=day.now, actor=6, target=5, ballot="other"))
    night = night_one_with_slot_5_gone()
    night.refuses("action.not-yours").act(6, "investigate", 5)
    night.refuses("action.target-dead").act(1, "investigate", 5)
