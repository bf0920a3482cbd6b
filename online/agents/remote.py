"""Agents that live elsewhere: an HTTP/JSON endpoint, and a chat-completion API.

`HttpAgent(url)` POSTs `{"view": <the seat's view>, "deadline_seconds": d}` and expects an
answer object (`{"speech": …}`, `{"target": …}` or `{"up": …}`, see `base.py`). The view it
sends holds the seat's whole history so far, so the endpoint may keep no state.

`ChatAgent(url, model, key)` calls an OpenAI-style `/chat/completions` endpoint: the system
message is the role's prompt file and the request's prompt file (`prompts/`, plain text one can
edit, one set for every language: `{language}`, `{nominate}` and `{endings}` in them are the
table's), the user message the view as JSON; the reply's text is read as a speech, a number (or
"none") or yes/no. Both use only the standard library, with the deadline as the socket timeout.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

from online.engine.judged_table.phrases import PHRASEBOOKS

from .base import Agent

PROMPTS = Path(__file__).resolve().parent / "prompts"


def _post(url: str, payload: dict, timeout: float, headers: dict | None = None) -> dict:
    request = urllib.request.Request(
        url,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - a configured agent URL
        return json.loads(response.read().decode())


class HttpAgent(Agent):
    name = "http"

    def __init__(self, url: str, deadline: float = 10.0) -> None:
        if not url.startswith(("http://", "https://")):
            raise ValueError("an HTTP agent's URL starts with http:// or https://")
        self.url = url
        self.deadline = deadline

    def act(self, view) -> dict:
        payload = {
            "view": {**view.to_dict(), "history": self.history},
            "deadline_seconds": self.deadline,
        }
        return _post(self.url, payload, timeout=self.deadline)


LANGUAGE_NAMES = {"en": "English", "ru": "Russian"}


def prompt_variables(language: str) -> dict[str, str]:
    """What the prompt files may name in braces: the table's language, its nomination phrase and
    its endings (from the judge's phrasebook), so that one set of files serves every language."""
    book = PHRASEBOOKS[language]
    first, second = book.players_end
    return {
        "language": LANGUAGE_NAMES[language],
        "nominate": book.players_nominate.format(n="X"),
        "endings": f'"{first}" or "{second}"',
    }


def prompt_for(role: str, action: str, purpose: str | None = None, language: str = "en") -> str:
    """The system prompt: the common rules, the role's file, the request's file, with the
    table's language filled in (`{language}`, `{nominate}`, `{endings}`)."""
    parts = [(PROMPTS / "rules.txt").read_text(), (PROMPTS / f"role_{role}.txt").read_text()]
    request_file = (
        PROMPTS / f"request_{action}{'_' + purpose if purpose and action == 'speak' else ''}.txt"
    )
    if not request_file.exists():
        request_file = PROMPTS / f"request_{action}.txt"
    parts.append(request_file.read_text())
    text = "\n\n".join(part.strip() for part in parts)
    for name, value in prompt_variables(language).items():
        text = text.replace("{" + name + "}", value)
    return text


NUMBER = re.compile(r"\b(10|[1-9])\b")


def read_reply(request: dict, text: str) -> dict:
    """The answer a chat reply gives; a reply that says nothing usable is malformed (the driver
    then applies the default)."""
    action = request["action"]
    text = text.strip()
    if action == "speak":
        return {"speech": text}
    if action == "hand":
        lowered = text.lower()
        if lowered.startswith(("yes", "up", "eliminate")):
            return {"up": True}
        if lowered.startswith(("no", "down", "keep")):
            return {"up": False}
        return {"malformed": text[:200]}
    if text.lower().startswith(("none", "no one", "nobody", "null", "skip")):
        return {"target": None}
    found = NUMBER.search(text)
    return {"target": int(found.group(1))} if found else {"malformed": text[:200]}


class ChatAgent(Agent):
    name = "chat"

    def __init__(
        self, url: str, model: str, key: str = "", deadline: float = 30.0, temperature: float = 0.7
    ) -> None:
        self.url = url.rstrip("/")
        if not self.url.endswith("/chat/completions"):
            self.url += "/chat/completions"
        self.model = model
        self.key = key
        self.deadline = deadline
        self.temperature = temperature

    def act(self, view) -> dict:
        request = view.request
        system = prompt_for(view.role, request["action"], request.get("purpose"), view.language)
        user = json.dumps({**view.to_dict(), "history": self.history}, ensure_ascii=False)
        payload = {
            "model": self.model,
            "temperature": self.temperature,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
        }
        headers = {"Authorization": f"Bearer {self.key}"} if self.key else {}
        started = time.monotonic()
        reply = _post(self.url, payload, timeout=self.deadline, headers=headers)
        if time.monotonic() - started > self.deadline:
            raise TimeoutError("the chat API answered after the deadline")
        text = reply["choices"][0]["message"]["content"]
        return read_reply(request, text)
