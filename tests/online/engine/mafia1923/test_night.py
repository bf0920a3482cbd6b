"""The night, rule by rule (seed 004, "Roles" and "Nighttime"): one test per rule, named after it."""

from online.engine.mafia1923.scenario import TOWN6, Event

from .kit import dead, event, kill


def outcome(e, slot, ability):
    found = [
        x for x in e.events("action_resolved") if x["slot"] == slot and x["ability"] == ability
    ]
    return found[-1]["outcome"]


# --- 1. Bumbling Bureaucrat -----------------------------------------------------------------------
def test_bumbling_bureaucrat_redirects_the_targets_next_action_at_random():
    e = event(["bumbling_bureaucrat", "doctor"])
    e.act(1, "redirect", player=2).act(2, "save", player=9)
    kill(e, 9).end()
    used = e.events("redirect_used")
    assert len(used) == 1 and used[0]["slot"] == 2 and "draw" in used[0]
    new = used[0]["target"]["player"]
    assert [r["target"] for r in e.results(2, "redirected")] == [{"player": new}]
    assert e.alive(9) == (new == 9)
    assert e.state.ext.marked == {}


def test_bumbling_bureaucrat_mark_waits_for_the_next_action_even_by_day():
    e = event(["bumbling_bureaucrat", "sheriff"])
    e.act(1, "redirect", player=2).end()
    assert e.state.ext.marked == {2: 1}
    e.act(2, "jail", player=3, family="F2").everyone_votes().end()
    redirected = [x for x in e.events("redirect_used") if x["slot"] == 2]
    assert redirected and set(redirected[0]["target"]) == {"player", "family"}
    assert e.results(2, "redirected") and e.state.ext.marked == {}


def test_bumbling_bureaucrat_does_not_touch_votes_or_the_mafia_kill():
    e = event(["bumbling_bureaucrat"], [], ["councilor"])
    e.act(1, "redirect", player=8)
    kill(e, 9).end()
    assert not e.alive(9) and not e.events("redirect_used")
    assert e.state.ext.marked == {8: 1}  # still waiting: the kill was not "the next action"


def test_bumbling_bureaucrat_has_two_uses():
    e = event(["bumbling_bureaucrat"])
    e.act(1, "redirect", player=3).end().everyone_votes().end()
    e.act(1, "redirect", player=4).end().everyone_votes().end()
    e.refuses("action.no-uses-left").act(1, "redirect", player=5)


# --- 2. Boss ------------------------------------------------------------------------------------
def test_boss_cancels_the_targets_action_and_tells_them_in_the_morning():
    e = event(["boss", "doctor"])
    e.act(1, "cancel", player=2).act(2, "save", player=9)
    kill(e, 9).end()
    assert not e.alive(9)
    assert outcome(e, 2, "save") == "cancelled"
    assert [r["kind"] for r in e.results(2)] == ["boss"]


def test_boss_notice_comes_whether_or_not_the_target_acted():
    e = event(["boss"])
    e.act(1, "cancel", player=5).end()
    assert [r["kind"] for r in e.results(5)] == ["boss"]


def test_boss_cannot_prevent_mafia_kills():
    e = event(["boss"])
    e.act(1, "cancel", player=8)
    kill(e, 9).end()
    assert not e.alive(9)


def test_boss_cancelled_action_spends_no_use():
    e = event(["boss"], ["butler"])
    e.act(1, "cancel", player=9).act(9, "poison", player=3).end()
    assert e.state.slot(9).uses_spent.get("poison", 0) == 0
    assert 3 not in e.state.ext.poisoned


def test_boss_cannot_target_themselves():
    event(["boss"]).refuses("action.self-target").act(1, "cancel", player=1)


def test_same_role_actions_act_in_the_order_they_were_submitted():
    # Two Bosses on each other: the first to submit cancels the second, whose cancel never lands.
    e = event(["boss", "boss"])
    e.act(2, "cancel", player=1).act(1, "cancel", player=2).end()
    assert outcome(e, 2, "cancel") == "done"
    assert outcome(e, 1, "cancel") == "cancelled"


# --- 3. Thief -----------------------------------------------------------------------------------
def test_thief_steals_the_role_with_its_limits_reset_and_the_victim_becomes_a_townsperson():
    e = event(["thief"], ["butler"])
    e.act(9, "poison", player=3).end().everyone_votes().end()
    assert e.state.slot(9).uses_spent["poison"] == 1
    e.act(1, "steal", player=9).end()
    assert e.role(1) == "butler" and e.role(9) == "townsperson"
    assert e.state.slot(1).uses_spent == {}
    assert e.results(1, "theft")[0] == {
        **e.results(1, "theft")[0],
        "outcome": "stolen",
        "role": "butler",
    }
    assert e.results(9, "robbed")[0]["role"] == "townsperson"


def test_thief_on_a_townsperson_fails_and_the_thief_becomes_a_townsperson():
    e = event(["thief"])
    e.act(1, "steal", player=3).end()
    assert e.role(1) == "townsperson" and e.role(3) == "townsperson"
    result = e.results(1, "theft")[0]
    assert result["outcome"] == "failed" and "role" not in result
    assert e.results(3) == []  # the target is not told of the attempt


def test_thief_takes_a_mafia_members_second_role_but_not_the_membership():
    second = ["doctor", *TOWN6, {"role": "butler", "mafia": True}]
    e = Event(
        ["thief", *TOWN6, "mafia_member"],
        second,
        ["witness", *TOWN6, "mafia_member"],
        options={"mafia_second_roles": ["butler"]},
    )
    e.act(1, "steal", player=16).end()
    assert e.role(1) == "butler" and e.state.slot(1).side == "civilians"
    assert e.role(16) == "mafia_member" and e.state.slot(16).side == "mafia"
    assert e.results(16, "robbed")[0]["role"] == "mafia_member"


def test_thief_on_a_plain_mafia_member_fails_like_a_townsperson():
    e = event(["thief"])
    e.act(1, "steal", player=16).end()
    assert e.role(1) == "townsperson" and e.role(16) == "mafia_member"
    assert e.state.slot(16).side == "mafia"


def test_thief_victims_later_action_that_night_does_not_happen():
    e = event(["thief"], ["doctor"])
    e.act(9, "save", player=3).act(1, "steal", player=9)
    kill(e, 3).end()
    assert outcome(e, 9, "save") == "role-lost" and not e.alive(3)


def test_thief_steals_once():
    e = event(["thief"], ["detective"])
    assert e.state.slot(1).role == "thief"
    e.act(1, "steal", player=9).end()
    assert e.role(1) == "detective"  # and the Thief role is gone with its one use


# --- 4. Shadchan --------------------------------------------------------------------------------
def test_shadchan_pairs_two_players_and_only_the_pair_is_told():
    e = event(["shadchan"])
    e.act(1, "pair", players=[3, 11]).end()
    assert e.results(3, "lover")[0]["partner"] == 11
    assert e.results(11, "lover")[0]["partner"] == 3
    assert e.results(1) == []
    assert "lover" not in str(e.announced()["public"])


def test_shadchan_lovers_die_together():
    e = event(["shadchan"])
    e.act(1, "pair", players=[3, 11]).end().everyone_votes().end()
    kill(e, 3).end()
    assert not e.alive(3) and not e.alive(11)
    assert [x["cause"] for x in e.events("slot_left") if x["slot"] == 11] == ["heartbreak"]


def test_shadchan_lovers_die_together_is_a_setting():
    e = event(["shadchan"], lovers_die_together=False)
    e.act(1, "pair", players=[3, 11]).end().everyone_votes().end()
    kill(e, 3).end()
    assert not e.alive(3) and e.alive(11)


def test_shadchan_does_not_pair_a_player_already_in_love():
    e = event(["shadchan"], shadchan_uses=2)
    e.act(1, "pair", players=[3, 11]).end().everyone_votes().end()
    e.act(1, "pair", players=[3, 12]).end()
    assert outcome(e, 1, "pair") == "already-in-love" and 12 not in e.state.ext.lovers


def test_shadchan_uses_are_a_setting_once_by_default():
    e = event(["shadchan"])
    e.act(1, "pair", players=[3, 11]).end().everyone_votes().end()
    e.refuses("action.no-uses-left").act(1, "pair", players=[4, 12])


# --- 5. Doctor ----------------------------------------------------------------------------------
def test_doctor_saves_from_the_mafia():
    e = event(["doctor"])
    e.act(1, "save", player=9)
    kill(e, 9).end()
    assert e.alive(9) and not e.alive(23)


def test_doctor_saves_from_poison_the_same_night():
    e = event(["doctor"], ["butler"])
    e.act(1, "save", player=3).act(9, "poison", player=3).end()
    assert 3 not in e.state.ext.poisoned


def test_doctor_cures_poison_the_night_after_and_the_cure_is_public():
    e = event(["doctor"], ["butler"])
    e.act(9, "poison", player=3).end()
    assert e.announced("N1")["public"]["poisoned"] == [3]
    e.everyone_votes().end()
    e.act(1, "save", player=3).end()
    assert e.alive(3) and e.announced("N2")["public"]["cured"] == [3]


def test_doctor_may_save_themselves_at_most_twice():
    e = event(["doctor"])
    e.act(1, "save", player=1).end().everyone_votes().end()
    e.act(1, "save", player=1).end().everyone_votes().end()
    e.refuses("action.self-limit").act(1, "save", player=1)
    e.act(1, "save", player=2)


def test_doctor_does_not_save_from_the_drunkard():
    for seed in range(40):
        e = Event(
            ["doctor", "drunkard", *TOWN6[1:], "mafia_member"],
            ["butler", *TOWN6, "mafia_member"],
            ["witness", *TOWN6, "mafia_member"],
            seed=f"d{seed}",
        )
        e.act(1, "save", player=9).act(2, "attack", family="F2").end()
        attack = [x for x in e.events("attack_resolved") if x["kind"] == "drunkard"][0]
        if attack["target"] == 9:
            assert attack["outcome"] == "hit" and not e.alive(9)
            return
    raise AssertionError("no seed made the Drunkard hit slot 9")


# --- 6. Bodyguard -------------------------------------------------------------------------------
def test_bodyguard_protects_from_the_mafia_and_the_attacker_is_injured():
    e = event(["bodyguard"])
    e.act(1, "guard", player=9)
    kill(e, 9).end()
    assert e.alive(9)
    assert e.results(8, "injured")[0]["until"] == "N2"
    assert e.results(1) == []  # the Bodyguard is not told


def test_bodyguard_protects_from_poison_and_injures_the_butler():
    e = event(["bodyguard"], ["butler"])
    e.act(1, "guard", player=3).act(9, "poison", player=3).end()
    assert 3 not in e.state.ext.poisoned and e.results(9, "injured")


def test_bodyguard_protects_from_the_drunkard():
    for seed in range(40):
        e = Event(
            ["bodyguard", "drunkard", *TOWN6[1:], "mafia_member"],
            ["butler", *TOWN6, "mafia_member"],
            ["witness", *TOWN6, "mafia_member"],
            seed=f"g{seed}",
        )
        e.act(1, "guard", player=9).act(2, "attack", family="F2").end()
        attack = [x for x in e.events("attack_resolved") if x["kind"] == "drunkard"][0]
        if attack["target"] == 9:
            assert attack["outcome"] == "guarded" and e.alive(9) and e.results(2, "injured")
            return
    raise AssertionError("no seed made the Drunkard hit slot 9")


def test_bodyguard_protects_themselves_automatically_once():
    e = event(["bodyguard"])
    kill(e, 1).end()
    assert e.alive(1) and e.results(8, "injured")
    assert e.results(1) == []
    e.everyone_votes().end()
    kill(e, 1, by=16).end()
    assert not e.alive(1)


def test_bodyguard_may_choose_themselves_once():
    e = event(["bodyguard"])
    e.act(1, "guard", player=1).end().everyone_votes().end()
    e.refuses("action.self-limit").act(1, "guard", player=1)


def test_bodyguard_chosen_self_protection_keeps_the_automatic_one():
    e = event(["bodyguard"])
    e.act(1, "guard", player=1)
    kill(e, 1).end()
    assert e.alive(1) and e.state.slot(1).uses_spent.get("auto-guard", 0) == 0


# --- 7. Butler ----------------------------------------------------------------------------------
def test_butler_poisons_publicly_and_the_poisoned_die_after_the_following_night():
    e = event([], ["butler"])
    e.act(9, "poison", player=3).end()
    assert e.alive(3) and e.announced("N1")["public"]["poisoned"] == [3]
    e.everyone_votes().end()
    assert e.alive(3)  # still living through the day: votes
    e.end()
    assert not e.alive(3) and e.announced("N2")["public"]["deaths"][0]["slot"] == 3


def test_butler_poisons_twice():
    e = event([], ["butler"])
    e.act(9, "poison", player=3).end().everyone_votes().end()
    e.act(9, "poison", player=4).end().everyone_votes().end()
    e.refuses("action.no-uses-left").act(9, "poison", player=5)


def test_butler_is_immune_to_poison():
    e = event(["butler"], ["butler"])
    e.refuses("action.self-target").act(9, "poison", player=9)
    e.act(1, "poison", player=9).end()
    assert 9 not in e.state.ext.poisoned
    assert [x["outcome"] for x in e.events("attack_resolved")] == ["immune"]


def test_butler_survives_the_first_two_mafia_attempts():
    e = event([], ["butler"])
    for _night in range(2):
        kill(e, 9).end().everyone_votes().end()
        assert e.alive(9)
    kill(e, 9).end()
    assert not e.alive(9)


# --- 8. Drunkard --------------------------------------------------------------------------------
def test_drunkard_kills_a_random_living_player_of_the_chosen_family():
    e = event(["drunkard"])
    e.act(1, "attack", family="F2").end()
    attack = [x for x in e.events("attack_resolved") if x["kind"] == "drunkard"][0]
    assert 9 <= attack["target"] <= 16 and "draw" in attack
    assert not e.alive(attack["target"])


def test_drunkard_may_hit_themselves():
    hits = set()
    for seed in range(40):
        e = Event(
            ["drunkard", *TOWN6, "mafia_member"],
            ["doctor", *TOWN6, "mafia_member"],
            ["witness", *TOWN6, "mafia_member"],
            seed=f"s{seed}",
        )
        e.act(1, "attack", family="F1").end()
        hits.add([x for x in e.events("attack_resolved")][0]["target"])
    assert 1 in hits


def test_drunkard_acts_once():
    e = event(["drunkard"])
    e.act(1, "attack", family="F2").end().everyone_votes().end()
    e.refuses("action.no-uses-left").act(1, "attack", family="F3")


def test_drunkard_may_choose_a_family_with_no_living_player():
    e = event(["drunkard"])
    for slot in range(17, 25):
        e.exile(slot)
    e.act(1, "attack", family="F3").end()
    assert outcome(e, 1, "attack") == "no-one"


# --- 9. Mafia -----------------------------------------------------------------------------------
def test_mafia_must_target_living_over_20_rounded_up():
    e = event()
    e.refuses("action.kill-quota").act(8, "kill", players=[3])
    for slot in (1, 2, 3, 4):
        e.exile(slot)
    e.act(8, "kill", players=[9])  # 20 living: one


def test_mafia_kills_only_civilians():
    event().refuses("action.kill-mafia").act(8, "kill", players=[16, 3])


def test_mafia_decision_any_member_sends_and_the_last_counts():
    e = event()
    e.act(8, "kill", players=[3, 4]).act(16, "kill", players=[5, 6]).end()
    assert dead(e) == {5, 6}


def test_mafia_decision_of_an_exiled_member_no_longer_counts():
    e = event()
    e.act(8, "kill", players=[3, 4]).act(16, "kill", players=[5, 6]).exile(16).end()
    assert not e.alive(3) and not e.alive(4) and e.alive(5)


def test_mafia_attacks_do_not_stop_when_the_sender_dies_that_night():
    e = event(["drunkard"])
    e.act(16, "kill", players=[3, 4])
    e.act(1, "attack", family="F2")
    e.end()
    assert not e.alive(3) and not e.alive(4)


# --- 10. Detective ------------------------------------------------------------------------------
def test_detective_learns_the_role():
    e = event(["detective"])
    e.act(1, "inquire", player=16).end()
    assert e.results(1, "detective")[0] | {} == {
        **e.results(1, "detective")[0],
        "target": 16,
        "role": "mafia_member",
        "mafia": True,
    }


def test_detective_reading_is_a_setting():
    e = event(["detective"], detective_learns="mafia")
    e.act(1, "inquire", player=9).end()
    result = e.results(1, "detective")[0]
    assert result["mafia"] is False and "role" not in result


def test_deaths_are_immediate_a_detective_killed_earlier_in_the_night_learns_nothing():
    e = event(["detective"])
    e.act(1, "inquire", player=16)
    kill(e, 1).end()
    assert outcome(e, 1, "inquire") == "actor-gone" and e.results(1) == []


# --- 11. Paperboy -------------------------------------------------------------------------------
def test_paperboy_shows_one_living_player_anothers_role():
    e = event(["paperboy"], ["doctor"])
    e.act(1, "deliver", players=[3, 9]).end()
    assert e.results(3, "paperboy")[0]["role"] == "doctor"
    assert e.results(9) == [] and e.results(1) == []


def test_paperboy_never_chooses_themselves_and_delivers_twice():
    e = event(["paperboy"])
    e.refuses("action.self-target").act(1, "deliver", players=[1, 3])
    e.act(1, "deliver", players=[2, 3]).end().everyone_votes().end()
    e.act(1, "deliver", players=[2, 4]).end().everyone_votes().end()
    e.refuses("action.no-uses-left").act(1, "deliver", players=[2, 5])


# --- passive roles at night -------------------------------------------------------------------
def test_armed_robber_killed_by_the_mafia_kills_the_member_who_sent_the_decision():
    e = event(["armed_robber"])
    kill(e, 1, by=16).end()
    assert not e.alive(1) and not e.alive(16) and e.alive(8)


def test_armed_robber_killed_by_the_drunkard_kills_the_drunkard():
    for seed in range(40):
        e = Event(
            ["armed_robber", *TOWN6, "mafia_member"],
            ["drunkard", *TOWN6, "mafia_member"],
            ["witness", *TOWN6, "mafia_member"],
            seed=f"r{seed}",
        )
        e.act(9, "attack", family="F1").end()
        if not e.alive(1):
            assert not e.alive(9)
            return
    raise AssertionError("no seed made the Drunkard hit the Armed Robber")


def test_armed_robber_killed_by_poison_kills_the_butler():
    e = event(["armed_robber"], ["butler"])
    e.act(9, "poison", player=1).end().everyone_votes().end().end()
    assert not e.alive(1) and not e.alive(9)


def test_witness_learns_the_role_of_each_player_who_dies():
    e = event(["witness", "doctor"])
    kill(e, 2).end()
    learned = {r["player"]: r["role"] for r in e.results(1, "witness")}
    assert learned == {2: "doctor", 23: "townsperson"}


def test_injured_players_neither_act_nor_vote_the_following_day_and_night():
    e = event(["bodyguard"], ["doctor"])
    e.act(1, "guard", player=9)
    kill(e, 9).end()
    e.refuses("vote.injured").vote(8, "F2", 7)
    e.everyone_votes().end()
    e.refuses("action.injured").act(8, "kill", players=[3])
    kill(e, 3, by=16).end()
    e.vote(8, "F2", 4)  # Day 2: healed


# --- readings the seed leaves open (docs/mafia1923-rules.md) ------------------------------------
def test_boss_cannot_undo_what_came_before_it_in_the_order():
    e = event(["boss", "bumbling_bureaucrat"])
    e.act(2, "redirect", player=3).act(1, "cancel", player=2).end()
    assert outcome(e, 2, "redirect") == "done" and e.state.ext.marked == {3: 2}


def test_doctor_save_comes_before_the_bodyguard_no_one_is_injured():
    e = event(["doctor", "bodyguard"])
    e.act(1, "save", player=9).act(2, "guard", player=9)
    kill(e, 9).end()
    assert e.alive(9) and e.results(8, "injured") == []


def test_butler_survivals_count_only_attempts_that_reach_the_butler():
    e = event(["doctor"], ["butler"])
    e.act(1, "save", player=9)
    kill(e, 9).end()
    assert e.state.slot(9).uses_spent.get("butler-shield", 0) == 0


def test_mafia_quota_is_counted_when_the_decision_is_sent():
    e = event()
    kill(e, 9, 10)  # 24 living: two
    for slot in (1, 2, 3, 4):
        e.exile(slot)  # 20 living now: the quota would be one
    e.end()
    assert not e.alive(9) and not e.alive(10)


def test_exile_is_not_a_death_the_witness_is_not_told():
    e = event(["witness"])
    e.exile(3).end()
    assert e.results(1, "witness") == []
    assert e.announced("N1")["public"]["deaths"] == []  # nor announced (issue 26)


def test_armed_robber_killed_by_the_mafia_after_the_sender_died_kills_a_random_member():
    for seed in range(60):
        e = Event(
            ["armed_robber", "drunkard", *TOWN6[1:], "mafia_member"],
            ["townsperson"] * 7 + ["mafia_member"],
            ["townsperson"] * 7 + ["mafia_member"],
            seed=f"m{seed}",
        )
        e.act(16, "kill", players=[1, 23]).act(2, "attack", family="F2").end()
        drunk = [x for x in e.events("attack_resolved") if x["kind"] == "drunkard"]
        if drunk[0]["target"] == 16:
            assert not e.alive(1)
            revenge = [x for x in e.events("attack_resolved") if x["kind"] == "armed-robber"]
            assert len(revenge) == 1 and revenge[0]["target"] in (8, 24) and "draw" in revenge[0]
            assert not e.alive(revenge[0]["target"])
            return
    raise AssertionError("no seed made the Drunkard hit the sender")


def test_injured_in_the_night_the_rest_of_that_night_still_happens():
    # A Mafia Member with the Detective as second role sends the kill, is injured by a
    # Bodyguard at step 9, and still inquires at step 10.
    e = Event(
        ["bodyguard", *TOWN6, {"role": "detective", "mafia": True}],
        ["townsperson"] * 7 + ["mafia_member"],
        ["townsperson"] * 7 + ["mafia_member"],
        options={"mafia_second_roles": ["detective"]},
    )
    e.act(1, "guard", player=9).act(8, "kill", players=[9, 23]).act(8, "inquire", player=1).end()
    assert e.results(8, "injured") and outcome(e, 8, "inquire") == "done"
    assert e.results(8, "detective")[0]["role"] == "bodyguard"
