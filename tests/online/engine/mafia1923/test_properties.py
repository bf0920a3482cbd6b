"""Properties (Hypothesis): random inputs — mostly legal, some not — never crash the engine;
every refusal is a `RuleError` that changes nothing; `resolve` never changes the state it is
given; the invariants of the rules hold after every step; the log replays to the same state."""

from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from online.engine import RuleError, replay, resolve
from online.engine.mafia1923 import ABILITIES, Act, CastVotes, Exile, Strike, player_view
from online.engine.mafia1923.common import is_exiled, is_injured, is_mafia, kill_quota, uses_left
from online.engine.mafia1923.roles import abilities_of
from online.engine.mafia1923.scenario import Event

FAMILIES = (
    [
        "doctor",
        "bodyguard",
        "butler",
        "boss",
        "thief",
        "drunkard",
        "bumbling_bureaucrat",
        "mafia_member",
    ],
    [
        "councilor",
        "pacifist",
        "sheriff",
        "lawyer",
        "paperboy",
        "shadchan",
        "detective",
        "mafia_member",
    ],
    [
        "armed_robber",
        "witness",
        "court_secretary",
        "armed_robber",
        "townsperson",
        "butler",
        "townsperson",
        {"role": "thief", "mafia": True},
    ],
)
OPTIONS = {"mafia_second_roles": ["thief", "doctor"], "shadchan_uses": 2}
SLOTS = st.integers(min_value=0, max_value=26)
FAMILY = st.sampled_from(["F1", "F2", "F3", "F9", None])


def command(data, e: Event):
    """One command, drawn with the state in view: mostly plausible, now and then anything."""
    state = e.state
    kind = data.draw(
        st.sampled_from(
            ["act", "act", "act", "vote", "vote", "vote", "end", "end", "exile", "strike", "wild"]
        )
    )
    living = [s.number for s in state.slots if s.alive] or [1]
    if kind == "end":
        return None
    if kind == "exile":
        return Exile(at=e.now, slot=data.draw(st.sampled_from(living)), note="audit")
    if kind == "strike":
        return Strike(at=e.now, slot=data.draw(SLOTS), note=data.draw(st.sampled_from(["", "x"])))
    if kind == "vote":
        voter = data.draw(st.sampled_from(living))
        return CastVotes(
            at=e.now,
            actor=voter,
            family=data.draw(FAMILY),
            player=data.draw(st.one_of(st.none(), st.sampled_from(living))),
        )
    actor = data.draw(st.sampled_from(living))
    slot = state.slot(actor)
    own = [a.id for a in abilities_of(slot.role, slot.side)]
    ability = (
        data.draw(st.sampled_from(own or list(ABILITIES)))
        if kind == "act"
        else data.draw(st.sampled_from([*ABILITIES, "fly"]))
    )
    target = ABILITIES[ability].target if ability in ABILITIES else "player"
    player = players = family = None
    if target in ("player", "player+family", "votes") or kind == "wild":
        player = data.draw(st.one_of(st.sampled_from(living), SLOTS))
    if target in ("pair", "players") or kind == "wild":
        players = data.draw(st.lists(st.sampled_from(living), min_size=1, max_size=3, unique=True))
    if target in ("family", "player+family", "votes") or kind == "wild":
        family = data.draw(FAMILY)
    return Act(
        at=e.now, actor=actor, ability=ability, player=player, players=players, family=family
    )


def check_invariants(e: Event) -> None:
    state = e.state
    mafia = [s.number for s in state.slots if is_mafia(s)]
    assert mafia == [8, 16, 24]  # membership never changes (a Thief cannot join the Mafia)
    for slot in state.slots:
        assert slot.alive == (slot.left is None)
        for ability in abilities_of(slot.role, slot.side):
            left = uses_left(state, slot, ability)
            assert left is None or left >= 0
            if ability.self_uses:
                assert slot.uses_spent.get(f"{ability.id}:self", 0) <= ability.self_uses
        assert slot.uses_spent.get("auto-guard", 0) <= 1
        assert slot.uses_spent.get("butler-shield", 0) <= 2
        view = player_view(state, slot.number)
        if not slot.alive:
            assert view["may_do"] == []
    for number, lover in state.ext.lovers.items():
        assert state.ext.lovers[lover] == number
    for result in state.results:
        assert state.has_slot(result["slot"])
    if state.result is not None:
        assert not any(is_exiled(state.slot(n)) for n in state.result["winners"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_inputs_never_crash_refusals_change_nothing_and_the_log_replays(data):
    e = Event(*FAMILIES, options=OPTIONS, seed=data.draw(st.sampled_from(["a", "b", "c"])))
    steps = data.draw(st.integers(min_value=5, max_value=60))
    for _ in range(steps):
        if e.state.result is not None:
            break
        cmd = command(data, e)
        before = e.state.snapshot()
        if cmd is None:
            if e.state.phase.kind == "day" and data.draw(st.booleans()):
                e.everyone_votes()
            e.end()
        else:
            try:
                state, events = resolve(e.state, cmd)
            except RuleError as error:
                assert error.rule and error.message and error.input_index == 0
                assert e.state.snapshot() == before
                e.now += timedelta(minutes=1)
                continue
            assert e.state.snapshot() == before  # resolve never changes the state it is given
            e.state = state
            e.log.extend(events)
        check_invariants(e)
    assert replay(e.log).snapshot() == e.state.snapshot()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["s1", "s2", "s3", "s4"]), st.booleans())
def test_a_whole_event_always_ends_after_day_5_with_a_winner_and_replays(seed, review):
    e = Event(*FAMILIES, options={**OPTIONS, "moderator_review": review}, seed=seed)
    while e.state.phase is not None:
        if e.state.phase.kind == "day":
            e.everyone_votes()
        else:
            living = [s.number for s in e.state.slots if s.alive and not is_mafia(s)]
            senders = [s.number for s in e.state.slots if s.alive and is_mafia(s)]
            if senders and not is_injured(e.state, senders[0], e.phase):
                e.act(senders[0], "kill", players=living[-kill_quota(e.state) :])
        e.end()
    assert e.state.result["winner"] in ("mafia", "families")
    assert replay(e.log).snapshot() == e.state.snapshot()
