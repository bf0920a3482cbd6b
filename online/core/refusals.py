"""The site's own, translated text for each refusal of the engine (its rule codes); the engine's
English is never shown (docs/online-engine.md, "Text and translation")."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ApplicationError
from online.engine import RuleError

# The refusals of a ruleset's own rules, by code: each game registers its own in
# ``OnlineConfig.ready`` (Mafia 1923: online/mafia1923/texts.py ``REFUSALS``).
_RULESET_MESSAGES: dict = {}


def register_refusals(messages: dict) -> None:
    _RULESET_MESSAGES.update(messages)


MESSAGES = {
    "game.not-started": gettext_lazy("The game has not started yet."),
    "game.over": gettext_lazy("The game is over."),
    "phase.deadline-passed": gettext_lazy("The deadline has passed: the game is being updated. Try again in a minute."),
    "phase.awaiting-publication": gettext_lazy("The moderator is reviewing the phase's resolution."),
    "vote.not-day": gettext_lazy("Votes are cast during the day only."),
    "vote.voter-dead": gettext_lazy("Players who left the game do not vote."),
    "vote.unknown-target": gettext_lazy("No such player in this game."),
    "vote.target-dead": gettext_lazy("That player has left the game."),
    "vote.self": gettext_lazy("You cannot vote for yourself."),
    "vote.innocent-child": gettext_lazy("No one may vote for the Innocent Child."),
    "vote.nothing-to-unvote": gettext_lazy("You are not voting for anyone."),
    "action.not-night": gettext_lazy("Night actions are submitted at night."),
    "action.night-zero": gettext_lazy("No night actions are submitted on Night 0."),
    "action.actor-dead": gettext_lazy("Players who left the game do not act."),
    "action.not-yours": gettext_lazy("Your role has no such action."),
    "action.no-uses-left": gettext_lazy("That action is used up."),
    "action.unknown-target": gettext_lazy("No such player in this game."),
    "action.target-dead": gettext_lazy("That player has left the game."),
    "action.self-target": gettext_lazy("You cannot target yourself."),
    "action.nothing-to-withdraw": gettext_lazy("There is no action to withdraw."),
    "deadline.not-reached": gettext_lazy("The deadline has not been reached yet."),
    "deadline.paused": gettext_lazy("The deadline is paused."),
    "deadline.already-paused": gettext_lazy("The deadline is already paused."),
    "deadline.not-paused": gettext_lazy("The deadline is not paused."),
    "deadline.hours": gettext_lazy("An extension is 1 to 336 whole hours."),
    "note.required": gettext_lazy("Write a note for the players."),
    "replace.slot-left": gettext_lazy("That player has already left the game."),
    "modkill.slot-left": gettext_lazy("That player has already left the game."),
    "prod.slot-left": gettext_lazy("That player has already left the game."),
    "deal.wrong-count": gettext_lazy("The number of players does not match the setup."),
    "deal.started": gettext_lazy("The game has already started."),
    "start.started": gettext_lazy("The game has already started."),
    "start.not-dealt": gettext_lazy("Randomise the roles first."),
    "join.full": gettext_lazy("The game is full."),
    "publish.nothing-pending": gettext_lazy("There is nothing to publish."),
}


# The auto-judged table's refusals (online/engine/judged_table; docs/auto-judged-table.md,
# "Refusals"): "%(seat)s", "%(target)s", "%(open)s", "%(option)s" (a setting's name, as the
# settings spell it) are the facts the engine's error names.
TABLE_MESSAGES = {
    "command.unknown": gettext_lazy("The table does not know that answer."),
    "command.invalid": gettext_lazy("That answer is incomplete."),
    "config.not-an-object": gettext_lazy("The table's settings are a JSON object."),
    "config.unknown-option": gettext_lazy("The table has no setting %(option)s."),
    "config.limit": gettext_lazy("%(option)s is a whole number of at least 2."),
    "config.unit": gettext_lazy("%(option)s is words or tokens."),
    "config.window": gettext_lazy("%(option)s is a positive number of seconds."),
    "config.language": gettext_lazy("A table speaks English or Russian."),
    "config.quiet-rounds": gettext_lazy("%(option)s is a whole number of at least 1."),
    "config.revision": gettext_lazy("The table was judged by rules this site does not know."),
    "table.names": gettext_lazy("The table needs ten names, one per seat."),
    "table.deal": gettext_lazy("A deal is six civilians, one sheriff, two mafia and one don."),
    "game.over": gettext_lazy("The game is over."),
    "seat.unknown": gettext_lazy("There is no such seat."),
    "seat.not-at-table": gettext_lazy("Player number %(seat)s has left the table."),
    "speech.not-text": gettext_lazy("A speech is text."),
    "vote.not-voting": gettext_lazy("There is no vote now."),
    "vote.already-voted": gettext_lazy("You have voted in this round."),
    "vote.window-not-open": gettext_lazy("The window open now is for player number %(open)s."),
    "hands.not-now": gettext_lazy("There is no vote to eliminate all now."),
    "hands.not-yes-or-no": gettext_lazy("Answer yes or no."),
    "hands.already": gettext_lazy("You have answered."),
    "check.not-now": gettext_lazy("There is no check now."),
    "check.not-yours": gettext_lazy("It is not your check."),
    "check.self": gettext_lazy("You cannot check yourself."),
    "check.unknown-target": gettext_lazy("There is no such seat."),
    "check.target-not-at-table": gettext_lazy("Player number %(target)s has left the table."),
    "claim.not-now": gettext_lazy("There are no claims now."),
    "claim.not-yours": gettext_lazy("You make no claim now."),
    "claim.already": gettext_lazy("You have made your claim."),
    "claim.unknown-target": gettext_lazy("There is no such seat."),
    "claim.target-not-at-table": gettext_lazy("Player number %(target)s has left the table."),
    "kill.not-now": gettext_lazy("There is no kill decision now."),
    "kill.not-yours": gettext_lazy("You do not decide the kill."),
    "kill.claims-pending": gettext_lazy("The claims come before the decision."),
    "kill.unknown-target": gettext_lazy("There is no such seat."),
    "kill.target-not-at-table": gettext_lazy("Player number %(target)s has left the table."),
    "timeout.note": gettext_lazy("The window cannot be closed that way."),
    "timeout.nothing-open": gettext_lazy("No window is open."),
}


def table_refusal(error: RuleError) -> ApplicationError:
    """The auto-judged table's refusal in the reader's language, never the engine's English."""
    text = TABLE_MESSAGES.get(error.rule)
    if text is None:
        message = _("The rules do not allow that (%(rule)s).") % {"rule": error.rule}
    else:
        facts = {name: error.details.get(name, "?") for name in ("seat", "target", "open", "option")}
        message = str(text) % facts if "%(" in str(text) else str(text)
    return ApplicationError(message, code=error.rule)


def refusal(error: RuleError) -> ApplicationError:
    """The engine's refusal as the site's one error type, in the reader's language."""
    text = MESSAGES.get(error.rule)
    if text is None:  # the codes of a ruleset's own rules (Mafia 1923's), as its package registered them
        text = _RULESET_MESSAGES.get(error.rule)
    message = str(text) if text is not None else _("The rules do not allow that (%(rule)s).") % {"rule": error.rule}
    return ApplicationError(message, code=error.rule)
