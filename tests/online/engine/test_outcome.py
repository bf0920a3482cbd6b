"""`replay_outcome(log)`: what the future `manage.py` command prints."""

import json

from online.engine import replay_outcome

from .kit import mini


def test_the_outcome_tells_who_left_when_and_how():
    game = mini()
    game.deadline().later(hours=3).votes(7, 1, 2, 5, 6).kill(3, 5).deadline()
    outcome = replay_outcome(game.log)
    left = {p["slot"]: p["left"] for p in outcome["players"] if p["left"]}
    assert left == {
        7: {"how": "lynched", "phase": "D1", "at": "2025-03-04T22:04:00Z"},
        5: {"how": "killed", "phase": "N1", "at": "2025-03-05T23:00:00Z"},
    }
    assert outcome["players"][2] == {
        "slot": 3,
        "name": "P3",
        "role": "mafia_goon",
        "side": "mafia",
        "left": None,
        "replacements": [],
    }


def test_the_outcome_gives_each_phase_s_start_end_and_deadline():
    game = mini()
    game.deadline().later(hours=3).votes(7, 1, 2, 5, 6)
    phases = replay_outcome(game.log)["phases"]
    assert phases == [
        {
            "phase": "N0",
            "started_at": "2025-03-03T18:20:00Z",
            "deadline": "2025-03-04T19:00:00Z",
            "ended_at": "2025-03-04T19:00:00Z",
            "end": "deadline",
        },
        {
            "phase": "D1",
            "started_at": "2025-03-04T19:00:00Z",
            "deadline": "2025-03-06T19:00:00Z",
            "ended_at": "2025-03-04T22:04:00Z",
            "end": "lynch",
            "lynched": 7,
        },
        {
            "phase": "N1",
            "started_at": "2025-03-04T22:04:00Z",
            "deadline": "2025-03-05T23:00:00Z",
            "ended_at": None,
            "end": None,
        },
    ]


def test_the_outcome_gives_each_day_s_final_vote_count_and_the_result():
    game = mini()
    game.deadline().votes(3, 1, 2, 5, 6).deadline()
    game.vote(1, 4, post="p40").vote(2, 4, post="p41").deadline().deadline()
    game.votes(4, 1, 2, 5, 6)
    outcome = replay_outcome(game.log)
    assert [day["phase"] for day in outcome["days"]] == ["D1", "D2", "D3"]
    d2 = outcome["days"][1]
    assert d2["wagons"] == [{"target": 4, "voters": [1, 2], "count": 2, "to_lynch": 2}]
    assert [h.get("post") for h in d2["history"]] == ["p40", "p41"]
    assert d2["closed"] and d2["lynched"] is None
    assert outcome["result"]["winner"] == "town"
    assert outcome["result"]["winners"] == [1, 2, 5, 6, 7]
    json.dumps(outcome)  # JSON-able
