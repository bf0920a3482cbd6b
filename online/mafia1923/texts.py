"""The site's translated text for "Mafia 1923": role and ability names, the refusals' messages, and
the announcements rendered as lines (one renderer for the pages, the e-mails and the webhook), in
whatever language is active (the reader's, or the recipient's under ``translation.override``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

ROLE_NAMES = {
    "townsperson": gettext_lazy("Townsperson"),
    "mafia_member": gettext_lazy("Mafia Member"),
    "armed_robber": gettext_lazy("Armed Robber"),
    "thief": gettext_lazy("Thief"),
    "butler": gettext_lazy("Butler"),
    "boss": gettext_lazy("Boss"),
    "drunkard": gettext_lazy("Drunkard"),
    "bodyguard": gettext_lazy("Bodyguard"),
    "bumbling_bureaucrat": gettext_lazy("Bumbling Bureaucrat"),
    "councilor": gettext_lazy("Councilor"),
    "pacifist": gettext_lazy("Pacifist"),
    "doctor": gettext_lazy("Doctor"),
    "sheriff": gettext_lazy("Sheriff"),
    "paperboy": gettext_lazy("Paperboy"),
    "witness": gettext_lazy("Witness"),
    "court_secretary": gettext_lazy("Court Secretary"),
    "lawyer": gettext_lazy("Lawyer"),
    "shadchan": gettext_lazy("Shadchan"),
    "detective": gettext_lazy("Detective"),
}

ABILITY_NAMES = {
    "steal": gettext_lazy("Steal a player's role"),
    "poison": gettext_lazy("Poison a player"),
    "cancel": gettext_lazy("Cancel a player's night action"),
    "attack": gettext_lazy("Attack a family at random"),
    "guard": gettext_lazy("Protect a player"),
    "redirect": gettext_lazy("Redirect a player's next action"),
    "boost": gettext_lazy("An extra family and individual vote"),
    "dampen": gettext_lazy("A negative family and individual vote"),
    "save": gettext_lazy("Save a player (and cure poison)"),
    "jail": gettext_lazy("Jail a player and a family"),
    "deliver": gettext_lazy("Show one player another's role"),
    "defend": gettext_lazy("Defend a player in court"),
    "pair": gettext_lazy("Make two players fall in love"),
    "inquire": gettext_lazy("Inquire about a player"),
    "kill": gettext_lazy("The Mafia's kill"),
}

# What each action does, one sentence from docs/mafia1923-rules.md (issue 27: "Explain on the
# player's forms what each action does"), shown under the action's name on the player's form.
ABILITY_HELP = {
    "steal": gettext_lazy("Take a living player's role with its uses renewed; they become a Townsperson (on a Townsperson it fails and you become one)."),  # fmt: skip
    "poison": gettext_lazy("Poison a player, publicly: they die after the following night unless the Doctor cures them."),  # fmt: skip
    "cancel": gettext_lazy("Cancel another player's action tonight; they are told in the morning."),
    "attack": gettext_lazy("Choose a family: a random living player of it dies (it may be you)."),
    "guard": gettext_lazy("Protect a player from the Mafia, poison and the Drunkard; whoever attacks them is injured."),  # fmt: skip
    "redirect": gettext_lazy("The player's next action goes to a random target instead of the one they chose."),
    "boost": gettext_lazy("Add one vote for a family and one for a player, free of the usual voting rules."),
    "dampen": gettext_lazy("Take one vote away from a family and one from a player."),
    "save": gettext_lazy("Save a player from the Mafia and from poison tonight, and cure an earlier poison."),
    "jail": gettext_lazy("Jail a player and a family for today: their votes, and the votes against them, do not count."),  # fmt: skip
    "deliver": gettext_lazy("Show one living player the role of another."),
    "defend": gettext_lazy("Defend a player in court: if their family is sent to court, they are not killed; the next most-voted member dies instead."),  # fmt: skip
    "pair": gettext_lazy("Two players fall in love; only the two of them are told."),
    "inquire": gettext_lazy("Learn a player's role."),
    "kill": gettext_lazy("Name the Civilians the Mafia kills tonight; the last decision sent by any Mafia Member counts."),  # fmt: skip
    "votes": gettext_lazy("Vote for a family other than your own and for a member of your own family: the three most-voted families go to court, and in each its most-voted member dies."),  # fmt: skip
}

STATUS_NAMES = {
    "living": gettext_lazy("living"),
    "killed": gettext_lazy("dead"),
    "court": gettext_lazy("dead (court)"),
    "exiled": gettext_lazy("exiled"),
}

REFUSALS = {
    "action.wrong-time": gettext_lazy("That action is not possible now: its window is not open. No use was spent."),
    "vote.wrong-time": gettext_lazy("Votes are cast during the day window only."),
    "action.actor-dead": gettext_lazy("Dead and exiled players do not act."),
    "action.injured": gettext_lazy("You are injured: no actions until your injury ends."),
    "action.not-yours": gettext_lazy("Your role has no such action."),
    "action.no-uses-left": gettext_lazy("That action is used up."),
    "action.target-shape": gettext_lazy("Choose the targets this action asks for."),
    "action.unknown-target": gettext_lazy("No such player in this event."),
    "action.target-dead": gettext_lazy("That player is not living."),
    "action.unknown-family": gettext_lazy("No such family in this event."),
    "action.same-player-twice": gettext_lazy("Name two different players."),
    "action.self-target": gettext_lazy("This action never targets yourself."),
    "action.self-limit": gettext_lazy("You have used this action on yourself as often as you may."),
    "action.own-family": gettext_lazy("You have used this action on your own family as often as you may."),
    "action.kill-quota": gettext_lazy("The Mafia must name exactly as many players as the rules say."),
    "action.kill-mafia": gettext_lazy("The Mafia's kill names Civilians only."),
    "action.nothing-to-withdraw": gettext_lazy("There is nothing to withdraw."),
    "vote.voter-dead": gettext_lazy("Dead and exiled players do not vote."),
    "vote.injured": gettext_lazy("You are injured: you do not vote today."),
    "vote.unknown-family": gettext_lazy("Choose a family."),
    "vote.own-family": gettext_lazy("You cannot vote for your own family."),
    "vote.self": gettext_lazy("You cannot vote for yourself."),
    "vote.not-in-family": gettext_lazy("The individual vote is for a living member of your family."),
    "vote.individual-required": gettext_lazy("Choose a member of your family for the individual vote."),
    "exile.slot-left": gettext_lazy("That player is already out of the event."),
    "strike.slot-left": gettext_lazy("That player is already out of the event."),
    "deal.family-size": gettext_lazy("Every family has 8 or 10 players."),
    "deal.pool-too-large": gettext_lazy("The role pool is larger than the Standard players who may hold it."),
    "deal.beginner": gettext_lazy("Beginners are only Townspeople or Mafia Members."),
    "deal.second-role": gettext_lazy("That role is not on this event's list of Mafia second roles."),
    "deal.mafia-count": gettext_lazy("A family of 8 has 1 Mafia Member, a family of 10 has 2."),
    "deal.not-the-setup": gettext_lazy("No such role."),
    "deal.slots": gettext_lazy("The deal must give every player a role."),
    "phase.awaiting-publication": gettext_lazy("The moderators are reviewing the window's resolution."),
    "phase.deadline-passed": gettext_lazy("The window has closed: the moderators are preparing its announcements."),
    "setup.second-role": gettext_lazy("That role cannot be a Mafia Member's second role."),
    "setup.option-type": gettext_lazy("One of the event's settings has a value it cannot take."),
    "setup.mafia-by-family": gettext_lazy("Mafia Members are dealt by family size, not listed in the pool."),
}


def role_name(role: str | None) -> str:
    return str(ROLE_NAMES.get(role, role or "—"))


def ability_name(ability: str) -> str:
    return str(ABILITY_NAMES.get(ability, ability))


def ability_help(ability: str) -> str:
    """What the action does, in one sentence (empty for an action without one)."""
    return str(ABILITY_HELP.get(ability, ""))


def status_name(status: str) -> str:
    return str(STATUS_NAMES.get(status, status))


def card(fields: dict) -> str:
    """A role as the Witness, the Detective or the Paperboy's reader learns it."""
    if fields.get("role") is None and "mafia" in fields:
        return _("a Mafia Member") if fields["mafia"] else _("not a Mafia Member")
    name = role_name(fields.get("role"))
    if fields.get("mafia") and fields.get("role") != "mafia_member":
        return _("%(role)s, and a Mafia Member") % {"role": name}
    return name


def public_lines(public: dict, names: dict[int, str], notes=()) -> list[str]:
    """A window's public announcement: deaths, poisonings, cures, the vote totals (and the exiles
    of an announcement stored before exiles stopped being announced, as it was published)."""
    lines = []
    for death in public.get("deaths", []):
        text = (_("%(name)s was killed by the court.") if death["how"] == "court" else _("%(name)s was killed."))
        lines.append(text % {"name": names.get(death["slot"], death["slot"])})
    for number in public.get("exiled", []):
        lines.append(_("%(name)s was exiled.") % {"name": names.get(number, number)})
    for number in public.get("poisoned", []):
        lines.append(_("%(name)s was poisoned.") % {"name": names.get(number, number)})
    for number in public.get("cured", []):
        lines.append(_("%(name)s was cured of poison.") % {"name": names.get(number, number)})
    if not lines:
        lines.append(_("No one died."))
    votes = public.get("votes")
    if votes:
        families = ", ".join(f"{family}: {count}" for family, count in sorted(votes["families"].items(),
                                                                              key=lambda kv: (-kv[1], kv[0])))
        lines.append(_("Family votes: %(totals)s.") % {"totals": families or "—"})
        players = ", ".join(f"{names.get(int(n), n)}: {count}" for n, count in sorted(
            votes["players"].items(), key=lambda kv: (-kv[1], int(kv[0]))))
        lines.append(_("Individual votes: %(totals)s.") % {"totals": players or "—"})
    lines.extend(_("Moderators' note: %(note)s") % {"note": note} for note in notes)
    return lines


def result_lines(result: dict | None, names: dict[int, str]) -> list[str]:
    """The end of the event, publicly: who won."""
    if not result:
        return []
    if result.get("winner") == "mafia":
        return [_("The Mafia wins.")]
    families = result.get("families") or []
    if families:
        return [_("The winning families: %(families)s.") % {"families": ", ".join(families)}]
    return [_("No family wins.")]


def private_line(result: dict, names: dict[int, str]) -> str:
    """One private result, as the seed's "Announcements" lists them."""
    kind = result.get("kind")

    def name(number):
        return names.get(number, number)

    if kind == "exiled":
        if result.get("reason") == "two-strikes":
            return _("You have been exiled: you voted improperly or did not vote twice. You no longer vote "
                     "or act, and you cannot win. This is not announced.")
        return _("The moderators have exiled you. You no longer vote or act, and you cannot win. "
                 "This is not announced.")
    if kind == "boss":
        return _("Any night action you attempted did not happen because of a Boss.")
    if kind == "theft":
        if result.get("outcome") == "stolen":
            return _("Your theft succeeded: your role is now %(role)s.") % {"role": role_name(result.get("role"))}
        return _("Your theft failed.")
    if kind == "robbed":
        return _("Your role was stolen: you are now a %(role)s.") % {"role": role_name(result.get("role"))}
    if kind == "lover":
        return _("You have fallen in love with %(name)s.") % {"name": name(result.get("partner"))}
    if kind == "injured":
        return _("You are injured: no vote and no action for the following day and night.")
    if kind == "redirected":
        return _("A Bumbling Bureaucrat redirected your action “%(ability)s”: it went to %(name)s.") % {
            "ability": ability_name(result.get("ability", "")), "name": name(result.get("target"))}
    if kind == "witness":
        return _("Witness: %(name)s, who died, was %(card)s.") % {"name": name(result.get("player")),
                                                                  "card": card(result)}
    if kind == "detective":
        return _("Detective: %(name)s is %(card)s.") % {"name": name(result.get("target")), "card": card(result)}
    if kind == "paperboy":
        return _("The Paperboy shows you: %(name)s is %(card)s.") % {"name": name(result.get("subject")),
                                                                      "card": card(result)}
    if kind == "court_secretary":
        votes = "; ".join(
            (_("%(voter)s → family %(target)s") if v["ballot"] == "family" else _("%(voter)s → %(target)s"))
            % {"voter": name(v["voter"]), "target": v["target"] if v["ballot"] == "family" else name(v["target"])}
            for v in result.get("votes", []))
        return _("Court Secretary: votes cast today: %(votes)s.") % {"votes": votes or "—"}
    return _("A message from the moderators.")


def private_lines(event: dict, names: dict[int, str]) -> list[str]:
    lines = [private_line(result, names) for result in event.get("results", [])]
    lines.extend(_("Moderators' note: %(note)s") % {"note": note} for note in event.get("notes", []))
    return lines


def phase_name(phase: str) -> str:
    number = phase[1:]
    return (_("Night %(n)s") if phase.startswith("N") else _("Day %(n)s")) % {"n": number}


def public_headline(phase: str, over: bool) -> str:
    if over:
        return _("The event is over: the winners are announced.")
    if phase.startswith("N"):
        return _("The morning after %(phase)s: the announcements are out.") % {"phase": phase_name(phase)}
    return _("The evening of %(phase)s: the votes and the court's verdicts are out.") % {"phase": phase_name(phase)}


def notification_text(kind: str, params: dict, game=None) -> str:
    """A Mafia 1923 notification in the active language (the reader's), from its data: what
    happened is ``params["m1923"]`` (registered for the ruleset in ``OnlineConfig.ready``)."""
    what, phase = params.get("m1923"), params.get("phase") or ""
    if what == "draft":
        return _("The draft of %(phase)s is ready for review.") % {"phase": phase_name(phase)}
    if what == "published":
        return public_headline(phase, bool(params.get("over")))
    if what == "private":
        return _("You have a private message for %(phase)s.") % {"phase": phase_name(phase)}
    if what == "answered":
        return _("The moderators answered your question.")
    if what == "started":
        return _("The event has started: your role is on its page.")
    return ""
