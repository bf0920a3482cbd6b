"""What every window's resolution shares: performing a submitted action (the Boss's cancel, the
Bumbling Bureaucrat's redirection, the uses it spends), attacks and their protections, deaths
and what follows a death at once (the Armed Robber, the lovers), and the private results.

A resolution is sequential, in the written order: each step acts on the game as the steps
before it left it. A death happens when it happens ("immediately", seed 004, "Armed Robber"),
so a player killed at step 8 does not act at step 10.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..state import Slot, phase_number
from .common import family_of, is_injured, is_mafia, random_target, spent_keys
from .events import ext
from .roles import (
    ABILITIES,
    MAFIA_KILL,
    PLAYER_AND_FAMILY,
    PLAYERS,
    Ability,
    abilities_of,
    role_card,
)

# Outcomes of a performed action that do not spend a use: it did not take place.
NOT_PERFORMED = frozenset({"actor-gone", "role-lost", "cancelled", "injured"})
# Target shapes whose rule meets each target on its own: the Mafia's kill, the Sheriff's jail.
PER_TARGET = frozenset({PLAYERS, PLAYER_AND_FAMILY})


@dataclass
class Act:
    actor: int
    ability: Ability
    target: dict
    order: int


def collect_acts(state, actions: dict, stages: tuple) -> list[Act]:
    """The window's submissions, in the written order and, within a step, the order of
    submission. The Mafia's kill: the last decision sent by a member still living (an exiled
    member's decision no longer counts)."""
    position = {stage.id: index for index, stage in enumerate(stages)}
    acts: list[Act] = []
    kill: Act | None = None
    for (slot, ability_id), submitted in actions.items():
        ability = ABILITIES[ability_id]
        act = Act(slot, ability, submitted["target"], submitted["order"])
        if ability_id == MAFIA_KILL:
            if state.slot(slot).alive and (kill is None or act.order > kill.order):
                kill = act
        elif ability.stage in position:
            acts.append(act)
    if kill is not None:
        acts.append(kill)
    acts.sort(key=lambda act: (position[act.ability.stage], act.order))
    return acts


@dataclass
class Resolution:
    ctx: object
    phase: str
    saved: set[int] = field(default_factory=set)  # the Doctor's, this night
    guards: dict[int, int] = field(default_factory=dict)  # target -> Bodyguard, this night
    cancelled: set[int] = field(default_factory=set)  # the Boss's targets, this night
    jailed_players: set[int] = field(default_factory=set)  # the Sheriff's, this day
    jailed_families: set[str] = field(default_factory=set)
    defended: set[int] = field(default_factory=set)  # the Lawyer's, this day
    deaths: list[tuple[int, dict]] = field(default_factory=list)  # (slot, role card) in order
    results: list[tuple[int, dict]] = field(default_factory=list)

    @property
    def state(self):
        return self.ctx.state

    def emit(self, event_type: str, **fields) -> dict:
        return self.ctx.emit(event_type, **fields)

    def tell(self, slot: int, kind: str, **fields) -> None:
        """A private result, delivered with the announcements if the player is still living."""
        self.results.append((slot, {"kind": kind, **fields}))

    def jailed(self, number: int) -> bool:
        return (
            number in self.jailed_players or family_of(self.state, number) in self.jailed_families
        )

    # --- performing one action ----------------------------------------------------------------
    def perform(self, act: Act, rule) -> None:
        state = self.state
        actor = state.slot(act.actor)
        ability = act.ability
        target = act.target
        outcome = None
        if ability.id == MAFIA_KILL:
            if not any(s.alive and is_mafia(s) for s in state.slots):
                outcome = "actor-gone"
        elif not actor.alive:
            outcome = "actor-gone"
        elif ability not in abilities_of(actor.role, actor.side):
            outcome = "role-lost"  # a Thief took the role earlier in the night
        elif is_injured(state, actor.number, self.phase):
            outcome = "injured"
        elif ability.phase == "night" and actor.number in self.cancelled:
            outcome = "cancelled"
        if outcome is None and ability.redirectable and actor.number in ext(state).marked:
            target = self.bumbling_bureaucrat_redirection(actor, ability, target)
        if outcome is None and not target:
            outcome = "no-target"
        if outcome is None and not self._targets_living(ability, target):
            outcome = "target-gone"
        if outcome is None:
            outcome = rule(self, actor, target) or "done"
        if outcome in NOT_PERFORMED or ability.id == "steal":
            spent: list[str] = []  # a Thief's role changes either way: nothing to count
        else:
            spent = spent_keys(state, actor, ability, target)
        self.emit(
            "action_resolved",
            phase=self.phase,
            slot=actor.number,
            ability=ability.id,
            target=target,
            outcome=outcome,
            spent=spent,
        )

    def _targets_living(self, ability: Ability, target: dict) -> bool:
        """Whether the action still has its targets. The Mafia's kill attacks each of its
        targets on its own (one who is gone spares no other), and a Sheriff's jail of a player
        who is gone still jails the family."""
        if ability.target in PER_TARGET:
            return True
        players = [target["player"]] if "player" in target else list(target.get("players", ()))
        return all(self.state.slot(n).alive for n in players)

    def bumbling_bureaucrat_redirection(self, actor: Slot, ability: Ability, target: dict) -> dict:
        """A marked player's next action goes to targets drawn at random; the player is told
        the new target after the action (seed 004, "Bumbling Bureaucrat", "Announcements")."""
        position, source = self.ctx.random()
        new = random_target(self.state, actor, ability, source)
        self.emit(
            "redirect_used",
            phase=self.phase,
            slot=actor.number,
            ability=ability.id,
            target=new,
            draw=position,
        )
        self.tell(actor.number, "redirected", ability=ability.id, target=new)
        return new

    # --- attacks, injuries, deaths ------------------------------------------------------------
    def attack(self, kind: str, by: int, target: int, **draw) -> str:
        """An attack of the Mafia ("mafia"), a Butler ("poison") or a Drunkard ("drunkard"),
        through the protections in their order: the Doctor (Mafia and poison), the Bodyguard's
        chosen protection, the Bodyguard's automatic one, the Butler's immunity to poison and
        the Butler's two survivals of the Mafia."""
        state = self.state
        victim = state.slot(target)
        if not victim.alive:
            outcome = "target-gone"
        elif kind in ("mafia", "poison") and target in self.saved:
            outcome = "saved"
        elif target in self.guards:
            outcome = "guarded"
        elif victim.role == "bodyguard" and victim.uses_spent.get("auto-guard", 0) < 1:
            outcome = "auto-guard"
        elif kind == "poison" and victim.role == "butler":
            outcome = "immune"
        elif (
            kind == "mafia"
            and victim.role == "butler"
            and victim.uses_spent.get("butler-shield", 0) < 2
        ):
            outcome = "butler-shield"
        elif kind == "poison" and target in ext(state).poisoned:
            outcome = "already-poisoned"
        else:
            outcome = "hit"
        self.emit(
            "attack_resolved",
            phase=self.phase,
            kind=kind,
            by=by,
            target=target,
            outcome=outcome,
            **draw,
        )
        if outcome in ("guarded", "auto-guard"):
            self.bodyguard_injures_the_attacker(by)
        elif outcome == "hit" and kind == "poison":
            self.emit("poisoned", phase=self.phase, slot=target, by=by)
        elif outcome == "hit":
            self.kill(target, cause=kind, by=by)
        return outcome

    def bodyguard_injures_the_attacker(self, attacker: int) -> None:
        """The attacker of a protected player is injured: no vote, no action for the day and
        the night that follow; told so in the morning (the Bodyguard is told nothing)."""
        if not self.state.slot(attacker).alive:
            return
        until = f"N{phase_number(self.phase) + 1}"  # attacks come by night: Day k, Night k+1
        self.emit("injured", phase=self.phase, slot=attacker, until=until)
        self.tell(attacker, "injured", until=until)

    def kill(self, number: int, cause: str, by: int | None) -> None:
        """A death, and what follows it at once: the Armed Robber's revenge, a lover's death."""
        state = self.state
        slot = state.slot(number)
        if not slot.alive:
            return
        card = role_card(slot.role, slot.side)
        how = "court" if cause == "court" else "killed"
        self.ctx.remove(slot, how, phase=self.phase, cause=cause, **({"by": by} if by else {}))
        self.deaths.append((number, card))
        if slot.role == "armed_robber":
            self.armed_robber_revenge(number, cause, by)
        self.lovers_die_together(number)

    def armed_robber_revenge(self, robber: int, cause: str, by: int | None) -> None:
        """Armed Robbers kill whoever killed them, at once. Killed by the Mafia: a Mafia Member
        dies (the one who sent the decision, or if they are dead a random living one). Killed
        by the court: whom the Robber voted for, unless that player was jailed or injured."""
        state = self.state
        target, draw = None, {}
        if cause == "court":
            target = self.court_revenge_target(robber)
        elif cause in ("mafia", "poison", "drunkard", "armed-robber"):
            target = by
        if cause == "mafia" and (target is None or not state.slot(target).alive):
            living = [s.number for s in state.slots if s.alive and is_mafia(s)]
            if living:
                position, source = self.ctx.random()
                target, draw = source.choice(living), {"draw": position}
        if target is None or not state.slot(target).alive:
            return
        self.emit(
            "attack_resolved",
            phase=self.phase,
            kind="armed-robber",
            by=robber,
            target=target,
            outcome="hit",
            **draw,
        )
        self.kill(target, cause="armed-robber", by=robber)

    def court_revenge_target(self, robber: int) -> int | None:
        ballot = self.state.ballots.get((self.phase, "individual"))
        vote = ballot.current.get(robber) if ballot else None
        if vote is None or vote[0] is None:
            return None
        target = vote[0]
        if self.jailed(target) or is_injured(self.state, target, self.phase):
            return None  # "not present for voting"
        return target

    def lovers_die_together(self, number: int) -> None:
        """The Shadchan's reading (a setting): a lover dies of heartbreak when the other dies."""
        if not self.state.setup.option("lovers_die_together"):
            return
        lover = ext(self.state).lovers.get(number)
        if lover is not None and self.state.slot(lover).alive:
            self.kill(lover, cause="heartbreak", by=None)

    def run(self, order: tuple, acts: list[Act], rules: dict, after_stage: dict) -> None:
        """The window's steps in their order: each stage's actions in the order submitted,
        then what the stage does by itself (the poison; the count of the votes; the court)."""
        for stage in order:
            for act in acts:
                if act.ability.stage == stage.id:
                    self.perform(act, rules[act.ability.id])
            if stage.id in after_stage:
                after_stage[stage.id](self)
        self.witness_learns()

    # --- the end of a resolution ---------------------------------------------------------------
    def witness_learns(self) -> None:
        """Each living Witness is told the role of every player who died in this window."""
        witnesses = [s.number for s in self.state.slots if s.alive and s.role == "witness"]
        for witness in witnesses:
            for dead, card in self.deaths:
                self.tell(witness, "witness", player=dead, **card)

    def deliver(self) -> None:
        """The private results, to the players still living: "Dead players do not receive any
        emails except for the public ones"."""
        for slot, result in self.results:
            if self.state.slot(slot).alive:
                self.emit("private_result", phase=self.phase, slot=slot, **result)
