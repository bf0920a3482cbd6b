"""Turn protocol events into the entry page's form posts (what the judge's taps send), and a
judge's device that posts them through HTTP (the full suite and the smoke suite share it)."""

from django.urls import reverse

from games.engine import Phase
from games.selectors import game_table

HTMX = {"HX-Request": "true"}


def phase_key(event: dict) -> int | None:
    if "day" in event:
        return Phase("day", event["day"]).key
    if "night" in event:
        return Phase("night", event["night"]).key
    return None


def form_for(event: dict) -> tuple[str, dict]:
    """(action, form fields) for one event; lists are multi-valued fields."""
    kind = event["type"]
    if kind == "nominate":
        return "nominate", {"by": event["by"], "target": event["target"]}
    if kind == "vote":
        data = {}
        for candidate in event["candidates"][:-1]:
            data[f"against_{candidate}"] = [int(v) for v, c in event["votes"].items() if c == candidate]
        return "vote", data
    if kind == "raise":
        return "raise", {"hands": list(event["hands"])}
    if kind == "shot":
        if "shots" in event:
            data = {f"shot_{seat}": ("none" if number is None else number) for seat, number in event["shots"].items()}
            if event.get("responsible"):
                data["responsible"] = list(event["responsible"])
            return "shot", data
        return "shot", {"target": "none" if event["target"] is None else event["target"]}
    if kind in ("don_check", "sheriff_check"):
        return kind, {"target": event["target"]}
    if kind == "will":
        data = {"seat": event["seat"], "kind": event["kind"]}
        if event["kind"] == "first_color":
            data.update({f"color_{seat}": color for seat, color in event["declarations"].items()})
        elif event["kind"] == "ordered":
            data["targets"] = list(event["targets"])
        elif event["kind"] == "pass_the_helm":
            data["recipient"] = event["recipient"]
        return "will", data
    if kind == "foul":
        return ("technical_foul" if event["kind"] == "technical" else "foul"), {"seat": event["seat"]}
    if kind in ("disqualify", "dd"):
        return kind, {"seat": event["seat"], "reason": event["reason"]}
    if kind == "surrender":
        return "surrender", {}
    if kind == "bonus":
        return "bonus", {"seat": event["seat"], "points": event["points"], "reason": event["reason"]}
    if kind == "sheriff_kill_responsible":
        return kind, {"seat": event["seat"]}
    raise ValueError(kind)


class Judge:
    """A judge's device: posts what the page's forms post, with the version it last saw."""

    def __init__(self, client, game):
        self.client, self.game = client, game
        self.base = reverse("entry:link", kwargs={"token": game.judge_token})
        self.version = game.protocol_version

    def post(self, action, data=None):
        # The judge answers yes when the page asks (a vote nobody is marked in, a DD, a skipped vote).
        response = self.client.post(f"{self.base}{action}/", {"version": self.version, "confirmed": "1", **(data or {})},
                                    headers=HTMX)
        assert response.status_code == 200
        self.version = int(response["X-Protocol-Version"])
        return response

    def page_phase_key(self):
        self.game.refresh_from_db()
        return game_table(self.game).phase.key

    def enter(self, event):
        key = phase_key(event)
        while key is not None and self.page_phase_key() < key:
            response = self.post("phase", {"phase_key": self.page_phase_key() + 1})
            assert "X-Entry-Refused" not in response, response.content.decode()[:2000]
        action, data = form_for(event)
        response = self.post(action, data)
        assert "X-Entry-Refused" not in response, (event, _error(response))
        return response


def _error(response):
    html = response.content.decode()
    start = html.find('class="entry-error')
    return html[start:start + 400]
