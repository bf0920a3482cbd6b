"""Agent specs: which agent plays which seat, as a short text.

    rule                        the rule-based bot in every seat (the default)
    random                      the random legal player in every seat
    red=rule,black=random       by team (the deal decides who is which)
    1=http:http://127.0.0.1:8001/act,rule     seat 1 an HTTP agent, the rest rule-based
    chat                        the chat-completion adapter (its settings come from the caller)

Kinds: `rule`, `random`, `sloppy` (a random player who fouls), `http:<url>`, `chat`, `python:<module>:<Class>`.
"""

from __future__ import annotations

import importlib

from vocabulary import TEAMS, team_of

from .base import Agent
from .bots import RandomBot, RuleBot, SloppyBot
from .remote import ChatAgent, HttpAgent


class SpecError(ValueError):
    pass


def gettext_noop(message: str) -> str:
    """Marks a word for translation where it is defined; `_` translates it where it is shown."""
    return message


# A spec as people read it (spec_words): each kind of agent in words, one place. The spec itself
# ("red=rule,black=random") is the command line's and the report's; a page never shows it.
KIND_WORDS = {
    "rule": gettext_noop("rule-based bots"),
    "random": gettext_noop("random players"),
    "sloppy": gettext_noop("random players who foul"),
    "chat": gettext_noop("a chat model"),
}
PLACE_WORDS = {
    "red": gettext_noop("red: %(agents)s"),
    "black": gettext_noop("black: %(agents)s"),
    "seat": gettext_noop("seat %(seat)s: %(agents)s"),
    "others": gettext_noop("the others: %(agents)s"),
}


def _kind_words(kind: str, _) -> str:
    if kind.startswith("http:"):
        return _("an HTTP agent at %(address)s") % {"address": kind[len("http:"):]}
    if kind.startswith("python:"):
        return _("the Python agent %(name)s") % {"name": kind[len("python:"):]}
    return _(KIND_WORDS[kind])


def spec_words(spec: str | None, _=lambda message: message) -> str:
    """An agent spec in words, through the translation ``_``: "rule" is "rule-based bots",
    "red=rule,black=random" is "red: rule-based bots; black: random players", "1=random,rule" is
    "seat 1: random players; the others: rule-based bots". A spec this version cannot read (one
    stored by another) is shown as it is written."""
    try:
        parts = parse_spec(spec)
    except SpecError:
        return spec or ""
    places = [_(PLACE_WORDS[team]) % {"agents": _kind_words(parts[team], _)} for team in TEAMS
              if team in parts]
    seats = sorted((key for key in parts if key.isdigit()), key=int)
    places += [_(PLACE_WORDS["seat"]) % {"seat": seat, "agents": _kind_words(parts[seat], _)} for seat in seats]
    if not places:
        return _kind_words(parts["default"], _)
    if not all(team in parts for team in TEAMS):
        places.append(_(PLACE_WORDS["others"]) % {"agents": _kind_words(parts["default"], _)})
    return "; ".join(places)


def _one(kind: str, chat_settings: dict | None) -> Agent:
    if kind == "rule":
        return RuleBot()
    if kind == "random":
        return RandomBot()
    if kind == "sloppy":
        return SloppyBot()
    if kind.startswith("http:"):
        return HttpAgent(kind[len("http:") :])
    if kind == "chat":
        if not chat_settings or not chat_settings.get("url"):
            raise SpecError("the chat agent needs its settings: a URL, a model and a key")
        return ChatAgent(**chat_settings)
    if kind.startswith("python:"):
        try:
            _, module, cls = kind.split(":")
            agent = getattr(importlib.import_module(module), cls)()
        except (ValueError, ImportError, AttributeError) as error:
            raise SpecError(f"cannot load {kind}: {error}") from None
        if not isinstance(agent, Agent):
            raise SpecError(f"{kind} is not an Agent")
        return agent
    raise SpecError(
        f"unknown agent kind {kind!r} (rule, random, sloppy, http:URL, chat, python:module:Class)"
    )


def parse_spec(spec: str | None) -> dict[str, str]:
    """{"default": kind, "red": kind?, "black": kind?, "1".."10": kind?}"""
    parts: dict[str, str] = {"default": "rule"}
    if not spec:
        return parts
    for item in spec.split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, kind = item.partition("=")
        if not sep:
            parts["default"] = item
            continue
        key = key.strip()
        if key not in ("red", "black", "all") and not (key.isdigit() and 1 <= int(key) <= 10):
            raise SpecError(f"unknown seat or team {key!r} in the agent spec")
        parts["default" if key == "all" else key] = kind.strip()
    for kind in set(parts.values()):
        if not (
            kind in ("rule", "random", "sloppy", "chat") or kind.startswith(("http:", "python:"))
        ):
            raise SpecError(
                f"unknown agent kind {kind!r} (rule, random, sloppy, http:URL, chat, python:module:Class)"
            )
    return parts


def agents_from_spec(
    spec: str | None, roles: tuple, chat_settings: dict | None = None
) -> dict[int, Agent]:
    """One agent per seat; `roles` (the deal, index 0 unused) places team-wise specs."""
    parts = parse_spec(spec)
    agents = {}
    for seat in range(1, 11):
        team = team_of(roles[seat])
        kind = parts.get(str(seat)) or parts.get(team) or parts["default"]
        agents[seat] = _one(kind, chat_settings)
    return agents
