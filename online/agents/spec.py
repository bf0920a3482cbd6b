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

from vocabulary import team_of

from .base import Agent
from .bots import RandomBot, RuleBot, SloppyBot
from .remote import ChatAgent, HttpAgent


class SpecError(ValueError):
    pass


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
