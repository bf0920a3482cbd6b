"""Agents: the Python class interface, the built-in bots, the HTTP/JSON and chat-completion
adapters (against stub servers on 127.0.0.1), and the defaults for late or malformed answers."""

from __future__ import annotations

import json
import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from games.engine import replay as replay_protocol
from online.agents import Agent, RandomBot, RuleBot, agents_from_spec, play_game
from online.agents.remote import ChatAgent, HttpAgent, prompt_for, read_reply
from online.agents.spec import SpecError, parse_spec
from online.engine.judged_table import create_table, replay
from online.engine.judged_table.protocol import to_protocol


@contextmanager
def stub_server(answer):
    """A local HTTP server: `answer(payload) -> (status, body)`; the payloads it got are kept."""
    received: list[dict] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - the standard library's name
            length = int(self.headers["Content-Length"])
            payload = json.loads(self.rfile.read(length))
            received.append({"payload": payload, "headers": dict(self.headers)})
            status, body = answer(payload)
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", received
    finally:
        server.shutdown()
        server.server_close()


def bots(kind=RuleBot, special: dict | None = None):
    """A bot of `kind` in every seat, but the agents in `special` ({seat: agent})."""
    special = special or {}
    return {seat: special.get(seat) or kind() for seat in range(1, 11)}


# --- the built-in bots ---------------------------------------------------------------------


@pytest.mark.parametrize("bot", [RandomBot, RuleBot])
def test_bots_are_seeded_the_same_seed_gives_the_same_game(bot):
    first = play_game(bots(bot), seed=42)
    second = play_game(bots(bot), seed=42)
    other = play_game(bots(bot), seed=43)
    assert first.log == second.log != other.log
    assert first.problems == []


def test_the_rule_based_sheriff_reports_a_black_check_and_nominates_him():
    for seed in range(40):
        game = play_game(bots(), seed)
        sheriff = game.state.seat_of("sheriff")
        for event in game.log:
            if (
                event["type"] == "speech"
                and event["seat"] == sheriff
                and "I am the Sheriff" in event["text"]
            ):
                black = int(event["text"].split("Number ")[1].split(" ")[0])
                assert game.state.roles[black] in ("mafia", "don")
                return
    raise AssertionError("no rule-based Sheriff reported a black check in 40 games")


def test_the_rule_based_don_checks_a_sheriff_claimant_first_and_kills_the_sheriff_he_found():
    hunted = 0
    for seed in range(60):
        game = play_game(bots(), seed)
        found_night = None
        for event in game.log:
            if event["type"] == "don_checked" and event["result"] == "sheriff":
                found_night = event["night"]
            elif (
                event["type"] == "kill_decided"
                and found_night is not None
                and event["night"] == found_night + 1
            ):
                sheriff = game.state.seat_of("sheriff")
                if event["target"] is not None and game.state.alive[sheriff] is False:
                    assert event["target"] == sheriff
                    hunted += 1
                break
    assert hunted > 0


def test_the_rule_based_town_beats_random_players():
    wins = {"rule": 0, "random": 0}
    for seed in range(60):
        rule_town = play_game(lambda roles: agents_from_spec("red=rule,black=random", roles), seed)
        random_town = play_game(
            lambda roles: agents_from_spec("red=random,black=random", roles), seed
        )
        wins["rule"] += rule_town.state.winner == "red"
        wins["random"] += random_town.state.winner == "red"
    assert wins["rule"] > wins["random"] + 10


# --- the Python class interface and the defaults -------------------------------------------


class Broken(Agent):
    def __init__(self, answer):
        self.answer = answer

    def act(self, view):
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def test_a_malformed_answer_gets_the_rules_default_and_is_logged():
    game = play_game(
        bots(special={1: Broken({"speech": 42, "target": "x", "up": "maybe"})}), seed=3
    )
    assert game.problems and all(problem["seat"] == 1 for problem in game.problems)
    assert all(problem["reason"].startswith("malformed") for problem in game.problems)
    defaults = [
        event for event in game.log if event["type"] == "default_applied" and event["seat"] == 1
    ]
    assert defaults and all("malformed" in event["note"] for event in defaults)
    replay(game.log)


def test_an_agent_that_fails_gets_the_default_and_the_game_goes_on():
    game = play_game(bots(special={4: Broken(RuntimeError("boom"))}), seed=5)
    assert game.state.winner in ("red", "black")
    assert {problem["reason"] for problem in game.problems} == {"agent error: RuntimeError: boom"}


def test_a_table_of_agents_that_all_fail_ends_in_a_draw_not_an_endless_game():
    game = play_game({seat: Broken(RuntimeError("down")) for seat in range(1, 11)}, seed=6)
    assert game.state.winner == "draw" and game.state.number == 3
    assert all(event["type"] != "speech" for event in game.log)  # every answer was the default
    assert replay_protocol(to_protocol(game.log)).to_result()["finished"] is False


def test_a_late_answer_gets_the_default():
    now = [0.0]

    class Slow(RuleBot):
        def act(self, view):
            now[0] += 100  # every answer comes 100 s after it was asked for
            return super().act(view)

    game = play_game(bots(special={1: Slow()}), seed=6, clock=lambda: now[0])
    assert game.problems and all(problem["seat"] == 1 for problem in game.problems)
    assert all(
        problem["reason"] == "late: over the " + problem["reason"].split("the ")[1]
        for problem in game.problems
    )
    assert not any(event["type"] == "speech" and event["seat"] == 1 for event in game.log)
    defaults = [
        event for event in game.log if event["type"] == "default_applied" and event["seat"] == 1
    ]
    assert defaults and defaults[0]["default"] in (
        "PASS",
        "no-check",
        "no-claim",
        "no-kill",
        "keep",
    )


def test_a_vote_outside_the_candidates_is_malformed():
    class VotesForSeven(RuleBot):
        def act(self, view):
            if view.request["action"] == "vote":
                return {"target": 11}
            return super().act(view)

    game = play_game(bots(special={2: VotesForSeven()}), seed=8)
    if any(p["action"] == "vote" for p in game.problems):
        assert all("not one of" in p["reason"] for p in game.problems if p["action"] == "vote")
    assert game.state.winner is not None


# --- HTTP -----------------------------------------------------------------------------------


def test_the_http_agent_posts_the_view_and_the_deadline_and_plays_its_answers():
    def answer(payload):
        request = payload["view"]["request"]
        if request["action"] == "speak":
            return 200, {"speech": "I nominate number 3. THANK YOU"}
        if request["action"] == "hand":
            return 200, {"up": False}
        return 200, {"target": None}

    with stub_server(answer) as (url, received):
        game = play_game(bots(special={1: HttpAgent(url, deadline=5)}), seed=9)
    assert received and game.problems == []
    first = received[0]["payload"]
    assert first["deadline_seconds"] == 5 and first["view"]["seat"] == 1
    assert "seed" not in json.dumps(first)
    assert any(
        event["type"] == "speech" and event["seat"] == 1 and "number 3" in event["text"]
        for event in game.log
    )


def test_an_http_agent_that_answers_garbage_or_an_error_gets_the_default():
    with stub_server(lambda payload: (500, {"error": "down"})) as (url, _):
        game = play_game(bots(special={1: HttpAgent(url, deadline=5)}), seed=9)
    assert game.problems and all("agent error" in p["reason"] for p in game.problems)
    with stub_server(lambda payload: (200, b"not json")) as (url, _):
        game = play_game(bots(special={1: HttpAgent(url, deadline=5)}), seed=9)
    assert game.problems and all("agent error" in p["reason"] for p in game.problems)


def test_an_http_agent_past_its_deadline_gets_the_default():
    import time

    def slow(payload):
        time.sleep(0.3)
        return 200, {"target": None, "speech": "PASS", "up": False}

    with stub_server(slow) as (url, _):
        agent = HttpAgent(url, deadline=0.05)
        state, log = create_table("late")
        game_agents = bots(special={state.seat_of("sheriff"): agent})
        game = play_game(game_agents, seed="late", deadlines={"check": 0.05})
    assert any(p["seat"] == state.seat_of("sheriff") for p in game.problems)


# --- chat completions -----------------------------------------------------------------------


def test_the_chat_agent_sends_the_role_and_request_prompts_and_reads_the_reply():
    def answer(payload):
        system = payload["messages"][0]["content"]
        if "It is your speech" in system or "final speech" in system or "speak again" in system:
            content = "I nominate number 2. PASS"
        elif "yes" in system and "no" in system and "eliminate all" in system:
            content = "no"
        else:
            content = "none"
        return 200, {"choices": [{"message": {"role": "assistant", "content": content}}]}

    with stub_server(answer) as (url, received):
        agent = ChatAgent(url=f"{url}/v1", model="test-model", key="secret-key", deadline=5)
        game = play_game(bots(special={3: agent}), seed=12)
    assert received and game.problems == []
    call = received[0]
    assert call["headers"]["Authorization"] == "Bearer secret-key"
    assert call["payload"]["model"] == "test-model"
    role = game.state.roles[3]
    assert (PROMPTS_ROLE_LINES[role]) in call["payload"]["messages"][0]["content"]
    view = json.loads(call["payload"]["messages"][1]["content"])
    assert view["seat"] == 3 and view["role"] == role


PROMPTS_ROLE_LINES = {
    "civilian": "You are a civilian (red).",
    "sheriff": "You are the Sheriff (red).",
    "mafia": "You are a Mafia player (black).",
    "don": "You are the Don (black).",
}


def test_prompts_are_per_role_and_per_request():
    assert "You are the Don" in prompt_for("don", "kill")
    assert "decide tonight's kill" in prompt_for("don", "kill")
    assert "final speech" in prompt_for("civilian", "speak", "final")
    assert "speak again" in prompt_for("sheriff", "speak", "tie")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_one_set_of_prompts_tells_the_model_the_tables_language(language):
    texts = [
        prompt_for(role, action, purpose, language)
        for role in PROMPTS_ROLE_LINES
        for action, purpose in [("speak", "day"), ("speak", "final"), ("speak", "tie"), ("vote", None),
                                ("hand", None), ("check", None), ("claim", None), ("kill", None)]
    ]  # fmt: skip
    assert not [text for text in texts if "{" in text or "}" in text]  # every blank filled
    speech = prompt_for("civilian", "speak", "day", language)
    if language == "ru":
        assert "The table speaks Russian" in speech
        assert '"Я выставляю номер X"' in speech and '"ПАС" or "СПАСИБО"' in speech
    else:
        assert "The table speaks English" in speech
        assert '"I nominate number X"' in speech and '"PASS" or "THANK YOU"' in speech


def test_the_chat_agent_at_a_russian_table_is_asked_in_russian_and_heard():
    def answer(payload):
        system = payload["messages"][0]["content"]
        content = "Я выставляю номер 2. ПАС" if "Я выставляю номер X" in system else "none"
        return 200, {"choices": [{"message": {"role": "assistant", "content": content}}]}

    with stub_server(answer) as (url, received):
        agent = ChatAgent(url=f"{url}/v1", model="test-model", deadline=5)
        game = play_game(bots(special={3: agent}), seed=12, config={"language": "ru"})
    assert received and game.problems == []
    assert all("The table speaks Russian" in call["payload"]["messages"][0]["content"] for call in received)
    view = json.loads(received[0]["payload"]["messages"][1]["content"])
    assert view["language"] == "ru"
    said = [event["text"] for event in game.log if event["type"] == "speech" and event["seat"] == 3]
    assert "Я выставляю номер 2. ПАС" in said


@pytest.mark.parametrize(
    ("request_", "text", "answer"),
    [
        ({"action": "vote"}, "7", {"target": 7}),
        ({"action": "vote"}, "I vote against number 10.", {"target": 10}),
        ({"action": "check"}, "none", {"target": None}),
        ({"action": "hand"}, "Yes.", {"up": True}),
        ({"action": "hand"}, "hmm", {"malformed": "hmm"}),
        ({"action": "kill"}, "no idea", {"malformed": "no idea"}),
    ],
)
def test_chat_replies_are_read_or_called_malformed(request_, text, answer):
    assert read_reply(request_, text) == answer


# --- specs and the protocol -----------------------------------------------------------------


def test_agent_specs():
    assert parse_spec("red=rule,black=random") == {
        "default": "rule",
        "red": "rule",
        "black": "random",
    }
    assert parse_spec("random,3=rule") == {"default": "random", "3": "rule"}
    with pytest.raises(SpecError):
        parse_spec("11=rule")
    with pytest.raises(SpecError):
        parse_spec("clever")
    roles = create_table("s")[0].roles
    agents = agents_from_spec("red=rule,black=random", roles)
    assert {seat: agent.name for seat, agent in agents.items()} == {
        seat: "random" if roles[seat] in ("mafia", "don") else "rule" for seat in range(1, 11)
    }


def test_an_agents_game_is_a_protocol_the_site_accepts():
    from games.engine import replay as replay_protocol
    from scoring.engine import score_document

    game = play_game(bots(), seed=77)
    document = to_protocol(game.log)
    assert replay_protocol(document).to_result()["winner"] == game.state.winner
    assert len(score_document(document).to_dict()["players"]) == 10


def test_a_chat_reply_that_says_nothing_usable_gets_the_default_and_is_logged():
    def answer(payload):
        return 200, {"choices": [{"message": {"role": "assistant", "content": "banana"}}]}

    with stub_server(answer) as (url, _):
        game = play_game(bots(special={3: ChatAgent(url=url, model="m", deadline=5)}), seed=12)
    wrong = [problem for problem in game.problems if problem["seat"] == 3]
    assert wrong and all(problem["action"] != "speak" for problem in wrong)  # "banana" is a speech
    assert all(problem["reason"].startswith("malformed") for problem in wrong)
    assert game.state.winner is not None


def test_the_notes_that_close_a_window_are_written_in_the_tables_language():
    # Issue 26: "Every text a table writes is in its language": a Russian table's log holds the
    # driver's notes (late, malformed, an agent's error) in Russian, the report keeps English.
    now = [0.0]

    class Slow(RuleBot):
        def act(self, view):
            now[0] += 100
            return super().act(view)

    special = {1: Slow(), 2: Broken({"speech": 42, "target": "x", "up": "maybe"}), 3: Broken(RuntimeError("boom"))}
    game = play_game(bots(special=special), seed=7, clock=lambda: now[0], config={"language": "ru"})
    notes = {event["note"] for event in game.log if event["type"] == "window_closed" and event["note"]}
    assert notes
    text = " ".join(notes)
    assert "опоздание: дольше 60 с" in text or "опоздание: дольше 10 с" in text
    assert "ответ не по форме:" in text and "ошибка агента: RuntimeError: boom" in text
    assert not any(word in text for word in ("late", "malformed", "agent error", "seat "))
    assert {problem["reason"].split(":")[0] for problem in game.problems} == {"late", "malformed", "agent error"}
    replay(game.log)


def test_a_spec_is_written_in_words_for_people():
    """Issue 27: "Raw values shown to people: 'red=rule,black=random' … Every word a person reads
    comes from a translated label." The simulations' pages write a spec with spec_words."""
    from online.agents.spec import spec_words

    assert spec_words("rule") == "rule-based bots"
    assert spec_words("red=rule,black=random") == "red: rule-based bots; black: random players"
    assert spec_words("1=sloppy,random") == "seat 1: random players who foul; the others: random players"
    assert spec_words("black=random") == "black: random players; the others: rule-based bots"
    assert spec_words("1=http:http://127.0.0.1:8001/act") == (
        "seat 1: an HTTP agent at http://127.0.0.1:8001/act; the others: rule-based bots")
    russian = {"red: %(agents)s": "красные: %(agents)s", "black: %(agents)s": "чёрные: %(agents)s",
               "rule-based bots": "боты по правилам", "random players": "случайные игроки"}
    assert spec_words("red=rule,black=random", russian.get) == "красные: боты по правилам; чёрные: случайные игроки"
    assert spec_words("nonsense=1") == "nonsense=1", "a spec this version cannot read is shown as written"
