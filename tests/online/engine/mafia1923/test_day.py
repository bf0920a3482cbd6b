"""The day, rule by rule (seed 004, "Daytime", the day roles, "Statuses")."""

from online.engine.mafia1923.scenario import Event

from .kit import event, kill


def day(*specials_by_family, **options):
    """An event on Day 1 after a quiet night (no kill submitted)."""
    return event(*specials_by_family, **options).end()


def totals(e, phase="D1"):
    return e.state.ext.tallies[phase]


# --- the votes ----------------------------------------------------------------------------------
def test_votes_family_vote_is_not_for_ones_own_family():
    day().refuses("vote.own-family").vote(3, "F1", 4)


def test_votes_individual_vote_is_for_another_member_of_ones_own_family():
    e = day()
    e.refuses("vote.self").vote(3, "F2", 3)
    e.refuses("vote.not-in-family").vote(3, "F2", 12)
    e.refuses("vote.individual-required").vote(3, "F2")


def test_votes_a_lone_survivor_casts_no_individual_vote():
    # Seed 004: "If a player is the only living member of their family, they do not need to
    # cast an individual vote"; exiled players count as not living, but their exile is not
    # announced, so a vote for one is taken too (it counts for no one).
    e = event()
    kill(e, 2, by=16)  # 2 and 23 die in Night 1
    for slot in range(3, 9):
        e.exile(slot)
    e.end().vote(1, "F2")
    e.refuses("vote.not-in-family").vote(1, "F2", 2)  # dead
    e.vote(1, "F2", 3).end()  # exiled
    assert e.state.ext.tallies["D1"]["players"] == {} and 1 not in e.state.ext.strikes


def test_votes_cast_again_the_last_counts():
    e = day()
    e.vote(3, "F2", 4).vote(3, "F3", 5).end()
    assert totals(e)["families"]["F3"] == 1 and totals(e)["families"]["F2"] == 0
    assert totals(e)["players"] == {"5": 1}


def test_votes_at_night_are_refused():
    event().refuses("vote.wrong-time").vote(3, "F2", 4)


def test_votes_of_the_dead_do_not_count_and_the_dead_are_not_voted_for():
    e = day()
    e.vote(3, "F2", 4).exile(3).end()
    assert totals(e)["families"]["F2"] == 0


# --- 1. Sheriff ---------------------------------------------------------------------------------
def test_sheriff_jailed_players_votes_and_votes_against_them_do_not_count():
    e = day(["sheriff"])
    e.act(1, "jail", player=3, family="F3")
    e.vote(3, "F2", 4).vote(4, "F2", 3).vote(5, "F2", 3).end()
    assert totals(e)["families"]["F2"] == 2
    assert totals(e)["players"] == {}


def test_sheriff_jailed_family_its_votes_and_votes_against_it_do_not_count():
    e = day(["sheriff"])
    e.act(1, "jail", player=2, family="F2")
    e.vote(3, "F2", 4).vote(9, "F3", 10).vote(17, "F1", 18).end()
    assert totals(e)["families"] == {"F1": 1, "F2": 0, "F3": 0}


def test_sheriff_must_choose_both_a_player_and_a_family():
    e = day(["sheriff"])
    e.refuses("action.target-shape").act(1, "jail", player=3)
    e.refuses("action.target-shape").act(1, "jail", family="F2")


def test_sheriff_acts_twice_own_family_once_self_once():
    e = day(["sheriff"])
    e.act(1, "jail", player=1, family="F1").everyone_votes().end().end()
    e.refuses("action.self-limit").act(1, "jail", player=1, family="F2")
    e.refuses("action.own-family").act(1, "jail", player=2, family="F1")
    e.act(1, "jail", player=2, family="F2").everyone_votes().end().end()
    e.refuses("action.no-uses-left").act(1, "jail", player=3, family="F3")


def test_sheriff_jailing_the_only_living_player_of_a_family_saves_the_family():
    e = event(["sheriff"])
    for slot in range(10, 17):
        e.exile(slot)
    e.end().act(1, "jail", player=9, family="F3")
    e.vote(3, "F2", 4).vote(4, "F2", 3).end()
    assert e.alive(9)


def test_sheriff_may_jail_a_family_with_no_living_players():
    e = event(["sheriff"])
    for slot in range(9, 17):
        e.exile(slot)
    e.end().act(1, "jail", player=3, family="F2").end()
    assert [x["outcome"] for x in e.events("action_resolved") if x["ability"] == "jail"] == ["done"]


def test_sheriff_acts_only_by_day_and_a_wrong_time_spends_nothing():
    e = event(["sheriff"])
    e.refuses("action.wrong-time").act(1, "jail", player=3, family="F2")
    assert e.state.slot(1).uses_spent == {}


# --- 2./3. Councilor and Pacifist ---------------------------------------------------------------
def test_councilor_extra_votes_are_not_bound_by_the_voting_rules():
    e = day(["councilor"])
    e.act(1, "boost", player=1, family="F1").vote(1, "F2", 2).end()
    assert totals(e)["families"]["F1"] == 1 and totals(e)["families"]["F2"] == 1
    assert totals(e)["players"] == {"1": 1, "2": 1}


def test_pacifist_negative_votes():
    e = day(["pacifist"])
    e.vote(9, "F1", 10).vote(10, "F1", 11).act(1, "dampen", family="F1", player=11).end()
    assert totals(e)["families"]["F1"] == 1
    assert totals(e)["players"] == {"10": 1}


def test_councilor_of_a_jailed_player_does_not_count():
    e = day(["councilor", "sheriff"])
    e.act(2, "jail", player=1, family="F3").act(1, "boost", family="F2").end()
    assert totals(e)["families"]["F2"] == 0


# --- 5. Lawyer ----------------------------------------------------------------------------------
def test_lawyer_represented_player_survives_and_the_second_most_voted_dies():
    e = day([], ["lawyer"])
    e.act(9, "defend", player=3)
    e.vote(9, "F1", 10).vote(4, "F2", 3).vote(5, "F2", 3).vote(6, "F2", 4).end()
    assert e.alive(3) and not e.alive(4)


def test_lawyer_protecting_the_only_living_player_saves_the_family():
    e = event([], ["lawyer"])
    for slot in range(2, 9):
        e.exile(slot)
    e.end().act(9, "defend", player=1).vote(10, "F1", 11).vote(11, "F1", 12).end()
    assert e.alive(1)


def test_lawyer_may_choose_themselves_once():
    e = day([], ["lawyer"])
    e.act(9, "defend", player=9).everyone_votes().end().end()
    e.refuses("action.self-limit").act(9, "defend", player=9)


# --- 6. The court -------------------------------------------------------------------------------
def four_families():
    return Event(*[["townsperson"] * 7 + ["mafia_member"] for _ in range(4)]).end()


def test_court_three_most_voted_families_and_in_each_the_most_voted_player_dies():
    e = four_families()
    # F1: 3 votes, F2: 2, F3: 1, F4: none.
    e.vote(25, "F1", 26).vote(26, "F1", 27).vote(27, "F1", 26)
    e.vote(17, "F2", 18).vote(18, "F2", 19)
    e.vote(9, "F3", 10)
    e.vote(2, "F4", 3).vote(3, "F4", 4).vote(4, "F4", 3)
    e.vote(10, "F4", 11).vote(11, "F4", 10).vote(12, "F4", 10)
    e.vote(19, "F4", 18)
    e.end()
    assert totals(e)["court"] == ["F4", "F1", "F2"]
    assert not e.alive(26) and not e.alive(3) and not e.alive(10)
    assert e.alive(18) and e.alive(19)  # F3 came fourth


def test_court_tied_families_all_go_and_tied_players_all_die():
    e = four_families()
    e.vote(9, "F1", 10).vote(10, "F1", 9)  # F1: 2; in F2, 9 and 10 have one vote each
    e.vote(17, "F2", 18).vote(25, "F3", 26).vote(2, "F4", 3)
    e.end()
    assert totals(e)["families"] == {"F1": 2, "F2": 1, "F3": 1, "F4": 1}
    assert totals(e)["court"] == ["F1", "F2", "F3", "F4"]
    assert not e.alive(9) and not e.alive(10)  # tied in F2: both die
    assert not e.alive(3) and not e.alive(18) and not e.alive(26)


def test_court_a_family_needs_a_vote():
    e = day()
    e.vote(3, "F2", 4).vote(9, "F1", 10).end()  # F3 has no family vote
    assert totals(e)["court"] == ["F1", "F2"]
    assert all(e.alive(n) for n in range(17, 25))


def test_court_the_only_living_member_of_a_family_in_court_dies_even_without_a_vote():
    # Seed 004, "Daytime": "The player within each of these families with the most votes is
    # killed." The Lawyer's "If the protected player is the only living player in their family,
    # no one dies from that family" and the Sheriff's "If a Sheriff protects the only living
    # player in a family, no one dies from that family" say what happens otherwise: that player
    # dies, with no vote at all (issue 26).
    e = event()
    for slot in range(10, 17):
        e.exile(slot)
    e.end().vote(3, "F3", 4).vote(17, "F2", 18).end()
    assert totals(e)["players"] == {"4": 1, "18": 1} and totals(e)["court"] == ["F2", "F3"]
    assert e.how(9) == "court"  # F2's only living member, not voted for
    assert [d["slot"] for d in e.announced("D1")["public"]["deaths"]] == [9, 18]


def test_court_a_tie_at_zero_among_several_living_members_kills_them_all():
    # Seed 004, "Daytime": "In the event of a tie in the individual vote of a family that was
    # sent to court, all tied players are killed by the court." When no individual vote in the
    # family counts (none was cast, or only by the jailed or the injured), every living member
    # eligible is tied at the most votes, zero (docs/mafia1923-rules.md).
    e = day()
    e.vote(3, "F2", 4).vote(17, "F1", 18).end()  # F1 and F2 in court; no individual vote in F2
    assert totals(e)["court"] == ["F1", "F2"] and totals(e)["players"] == {"4": 1, "18": 1}
    assert not e.alive(4) and all(e.how(n) == "court" for n in range(9, 17))
    assert all(e.alive(n) for n in range(17, 25))  # F3 is not in court


def test_court_an_empty_family_still_takes_its_place():
    e = Event(*[["townsperson"] * 7 + ["mafia_member"] for _ in range(4)])
    for slot in range(1, 9):
        e.exile(slot)
    e.end()
    e.vote(9, "F1", 10).vote(10, "F1", 9).vote(17, "F1", 18)  # F1 (no one living): 3
    e.vote(25, "F3", 26).vote(26, "F3", 25)  # F3: 2
    e.vote(18, "F2", 17)  # F2: 1; F4: none
    e.end()
    assert totals(e)["court"] == ["F1", "F3", "F2"]
    assert not e.alive(17) and not e.alive(18)  # F3's tied pair
    assert not e.alive(9) and not e.alive(10)  # F2's tied pair
    assert e.alive(25) and e.alive(26)  # F4 is not in court


def test_court_armed_robber_kills_whom_they_voted_for():
    e = day(["armed_robber"])
    e.vote(1, "F2", 2).vote(3, "F2", 1).vote(9, "F1", 10).end()
    assert not e.alive(1) and not e.alive(2)


def test_court_armed_robber_revenge_fails_when_the_target_is_jailed():
    e = day(["armed_robber", "sheriff"], [])
    e.act(2, "jail", player=3, family="F3")
    e.vote(1, "F2", 3).vote(4, "F2", 1).vote(9, "F1", 10).end()
    assert not e.alive(1) and e.alive(3)


def test_court_armed_robber_revenge_fails_when_the_target_is_injured():
    e2 = Event(
        ["armed_robber", "bodyguard", *["townsperson"] * 5, "mafia_member"],
        ["townsperson"] * 7 + ["mafia_member"],
        ["townsperson"] * 7 + ["mafia_member"],
    )
    e2.act(2, "guard", player=3).act(8, "kill", players=[3, 23]).end()
    assert e2.results(8, "injured")
    e2.vote(1, "F2", 8).vote(4, "F2", 1).vote(5, "F2", 1).vote(9, "F1", 10).end()
    assert not e2.alive(1) and e2.alive(8)


def test_court_secretary_learns_only_the_votes_that_count_never_a_jailed_voters():
    # Seed 004: the Secretary is told "25% (rounded down) of the total players' specific votes
    # after voting has taken place"; the Sheriff's jail means "any votes cast against that
    # player/family do not count, and any votes that player/family cast do not count either".
    e = day(["sheriff", "court_secretary"])
    e.act(1, "jail", player=3, family="F3")
    e.everyone_votes().end()  # F1 → F2, F2 → F3 (jailed), F3 (jailed) → F1
    counted = 7 + 7 + 8  # F1's family votes but 3's; F1's and F2's individual votes but 3's
    (learned,) = e.results(2, "court_secretary")
    assert len(learned["votes"]) == counted // 4
    for vote in learned["votes"]:
        assert vote["voter"] != 3 and vote["voter"] not in range(17, 25)
        assert vote["target"] not in (3, "F3")


def test_court_secretary_learns_a_quarter_of_the_specific_votes_rounded_down():
    e = day(["court_secretary"], ["court_secretary"])
    e.everyone_votes().end()
    one, two = e.results(1, "court_secretary"), e.results(9, "court_secretary")
    cast = 2 * 24 - 0
    assert len(one[0]["votes"]) == cast // 4 and len(two[0]["votes"]) == cast // 4
    assert one[0]["votes"] != two[0]["votes"]  # independent draws


# --- strikes and exile --------------------------------------------------------------------------
def test_missing_votes_strike_and_two_strikes_exile():
    e = day()
    e.everyone_votes(skip=(3,)).end()
    assert e.state.ext.strikes == {3: 1}
    e.end().everyone_votes(skip=(3,)).end()
    assert e.how(3) == "exiled"


def test_missing_individual_vote_is_a_strike_unless_alone():
    e = day()
    e.everyone_votes().end().end()
    assert e.state.ext.strikes == {}


def test_injured_and_jailed_players_are_not_struck_for_not_voting():
    e = day(["sheriff"])
    e.act(1, "jail", player=3, family="F3").everyone_votes(skip=(3,) + tuple(range(17, 25))).end()
    assert e.state.ext.strikes == {}


def test_moderators_strike_an_improper_vote_and_exile():
    e = day()
    e.strike(3).everyone_votes(skip=(3,)).end()
    assert e.how(3) == "exiled"


def test_exiled_players_count_as_not_living():
    e = event()
    for slot in range(1, 5):
        e.exile(slot)
    e.act(8, "kill", players=[9])  # 20 living: the Mafia kills one


def test_lawyer_protecting_one_of_two_tied_players_the_other_dies_and_no_one_else():
    e = day([], ["lawyer"])
    e.act(9, "defend", player=3)
    e.vote(9, "F1", 10).vote(4, "F2", 3).vote(5, "F2", 6).vote(3, "F2", 5).vote(6, "F2", 3)
    e.vote(7, "F2", 6)
    e.end()  # 3 and 6 tied on two votes, 5 on one: 3 is represented, 6 dies, 5 lives
    assert e.alive(3) and not e.alive(6) and e.alive(5)
