"""The night (seed 004, "Nighttime"), in its exact order; same-role actions in the order they
were submitted. One small function per rule, named after it.

The seed's list has eleven steps; the Paperboy, a night role missing from it, acts after the
Detective (docs/mafia1923-rules.md).
"""

from __future__ import annotations

from ..stages import Stage
from .common import is_mafia, living_members
from .events import ext
from .resolution import Resolution, collect_acts
from .roles import role_card

NIGHT_ORDER: tuple[Stage, ...] = (
    Stage(
        "bureaucrat",
        "Bumbling Bureaucrats",
        "choose one player whose next action is redirected at random",
        ("redirect",),
    ),
    Stage("boss", "Bosses", "choose one player whose nighttime action is cancelled", ("cancel",)),
    Stage("thief", "Thieves", "choose a player and steal that player's role", ("steal",)),
    Stage(
        "shadchan", "Shadchanim", "choose two players to fall in love with each other", ("pair",)
    ),
    Stage(
        "doctor",
        "Doctors",
        "choose one player to save from the Mafia and poison, and cure poison",
        ("save",),
    ),
    Stage(
        "bodyguard",
        "Bodyguards",
        "choose one player to protect from the Mafia, poison and the Drunkard",
        ("guard",),
    ),
    Stage("butler", "Butlers", "choose a player to poison", ("poison",)),
    Stage("drunkard", "Drunkards", "choose one family to attack drunkenly", ("attack",)),
    Stage("mafia", "The Mafia", "chooses whom it wants to kill", ("kill",)),
    Stage("detective", "Detectives", "choose someone to inquire about", ("inquire",)),
    Stage(
        "paperboy",
        "Paperboys",
        "show one living player another's role (not in the seed's list)",
        ("deliver",),
    ),
    Stage("poison", "Poison", "kills a player who was poisoned the previous night and not cured"),
)


# --- the rules, one function each ---------------------------------------------------------------
def bumbling_bureaucrat_marks(work: Resolution, actor, target: dict) -> str:
    """The target's next action (not a vote, not the Mafia's kill) goes to a random target."""
    if target["player"] in ext(work.state).marked:
        return "already-marked"
    work.emit("redirect_marked", phase=work.phase, slot=target["player"], by=actor.number)
    return "done"


def boss_cancels(work: Resolution, actor, target: dict) -> str:
    """The target's nighttime actions after this step do not happen (never the Mafia's kill);
    the target is told in the morning, whether they acted or not."""
    work.cancelled.add(target["player"])
    work.tell(target["player"], "boss")
    return "done"


def thief_steals(work: Resolution, actor, target: dict) -> str:
    """The Thief takes the target's role, its limits reset; the target becomes a Townsperson (a
    Mafia Member stays in the Mafia and loses the second role). A Townsperson's — or a plain
    Mafia Member's — role cannot be stolen: the attempt fails and the Thief becomes a
    Townsperson; the Thief is told it failed, not why; the target is told nothing."""
    state = work.state
    victim = state.slot(target["player"])
    bare = "mafia_member" if is_mafia(actor) else "townsperson"
    if victim.role in ("townsperson", "mafia_member"):
        work.emit("role_changed", slot=actor.number, role=bare, reason="theft-failed")
        work.tell(actor.number, "theft", outcome="failed")
        return "failed"
    stolen = victim.role
    left = "mafia_member" if is_mafia(victim) else "townsperson"
    work.emit("role_changed", slot=actor.number, role=stolen, reason="stole")
    work.emit("role_changed", slot=victim.number, role=left, reason="robbed")
    work.tell(actor.number, "theft", outcome="stolen", role=stolen)
    work.tell(victim.number, "robbed", role=left)
    return "done"


def shadchan_pairs(work: Resolution, actor, target: dict) -> str:
    """Two players fall in love; only they are told, each of the other. A player already in
    love is not paired again (the Shadchan is told nothing either way)."""
    first, second = target["players"]
    lovers = ext(work.state).lovers
    if first in lovers or second in lovers:
        return "already-in-love"
    work.emit("lovers_paired", phase=work.phase, slots=[first, second])
    work.tell(first, "lover", partner=second)
    work.tell(second, "lover", partner=first)
    return "done"


def doctor_saves(work: Resolution, actor, target: dict) -> str:
    """Saved from the Mafia and from poison tonight; a player poisoned on an earlier night is
    cured (announced publicly)."""
    number = target["player"]
    work.saved.add(number)
    poisoned = ext(work.state).poisoned.get(number)
    if poisoned is not None and poisoned["phase"] != work.phase:
        work.emit("cured", phase=work.phase, slot=number, by=actor.number)
        return "cured"
    return "done"


def bodyguard_protects(work: Resolution, actor, target: dict) -> str:
    """Protected tonight from the Mafia, poison and the Drunkard; the first Bodyguard on a
    player is the one whose protection acts."""
    work.guards.setdefault(target["player"], actor.number)
    return "done"


def butler_poisons(work: Resolution, actor, target: dict) -> str:
    """The target is poisoned (announced publicly) and dies after the following night unless
    a Doctor cures them."""
    return work.attack("poison", actor.number, target["player"])


def drunkard_attacks(work: Resolution, actor, target: dict) -> str:
    """A random living player of the chosen family is attacked (the Drunkard may hit
    themselves); a family with no living player: nothing happens."""
    members = living_members(work.state, target["family"])
    if not members:
        return "no-one"
    position, source = work.ctx.random()
    return work.attack("drunkard", actor.number, source.choice(members), draw=position)


def mafia_kills(work: Resolution, actor, target: dict) -> str:
    """Each chosen Civilian is attacked by the Mafia; the sender of the decision is the killer."""
    for number in target["players"]:
        work.attack("mafia", actor.number, number)
    return "done"


def detective_inquires(work: Resolution, actor, target: dict) -> str:
    """The Detective learns the target's role (setting `detective_learns`: "role", or "mafia"
    for only whether the target is a Mafia Member)."""
    victim = work.state.slot(target["player"])
    card = role_card(victim.role, victim.side)
    if work.state.setup.option("detective_learns") == "mafia":
        card = {"mafia": card["mafia"]}
    work.tell(actor.number, "detective", target=victim.number, **card)
    return "done"


def paperboy_delivers(work: Resolution, actor, target: dict) -> str:
    """The first player learns the role of the second (not who sent the news)."""
    reader, subject = target["players"]
    victim = work.state.slot(subject)
    work.tell(reader, "paperboy", subject=subject, **role_card(victim.role, victim.side))
    return "done"


def poison_kills(work: Resolution) -> None:
    """A player poisoned on the previous night and not cured dies now (killed by the Butler)."""
    state = work.state
    for number, poisoned in sorted(ext(state).poisoned.items()):
        if poisoned["phase"] == work.phase or not state.slot(number).alive:
            continue
        work.emit("poison_ended", phase=work.phase, slot=number)
        work.kill(number, cause="poison", by=poisoned["by"])


RULES = {
    "redirect": bumbling_bureaucrat_marks,
    "cancel": boss_cancels,
    "steal": thief_steals,
    "pair": shadchan_pairs,
    "save": doctor_saves,
    "guard": bodyguard_protects,
    "poison": butler_poisons,
    "attack": drunkard_attacks,
    "kill": mafia_kills,
    "inquire": detective_inquires,
    "deliver": paperboy_delivers,
}


def resolve_night(ctx, phase: str, actions: dict) -> Resolution:
    work = Resolution(ctx, phase)
    work.run(
        NIGHT_ORDER, collect_acts(ctx.state, actions, NIGHT_ORDER), RULES, {"poison": poison_kills}
    )
    work.deliver()
    return work
