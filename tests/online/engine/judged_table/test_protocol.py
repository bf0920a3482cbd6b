"""Every table game is a `mafia-protocol/1` document (`fiim-2025`) that the site's protocol
engine and scoring accept, with a transcript; 1,000 seeded bot games all replay and score."""

from __future__ import annotations

from collections import Counter

from games.engine import replay as replay_protocol
from online.agents import agents_from_spec, play_game
from online.engine.judged_table import replay
from online.engine.judged_table.protocol import to_protocol, transcript
from online.engine.judged_table.scenario import Table
from scoring.engine import score_document

SPECS = (
    "rule",
    "random",
    "red=rule,black=random",
    "red=random,black=rule",
    "red=sloppy,black=rule",
)


def test_a_thousand_seeded_bot_games_replay_and_score_without_error():
    endings = Counter()
    paths = Counter()
    disqualified = 0
    for seed in range(1000):
        spec = SPECS[seed % len(SPECS)]
        game = play_game(
            lambda roles, spec=spec: agents_from_spec(spec, roles), seed=f"protocol-{seed}"
        )
        document = to_protocol(game.log)
        record = replay_protocol(document)
        result = record.to_result()
        assert result["valid"] and result["finished"], seed
        assert result["winner"] == game.state.winner, seed
        score = score_document(document).to_dict()
        assert len(score["players"]) == 10
        assert replay(game.log).snapshot() == game.state.snapshot()
        endings[result["end"]] += 1
        disqualified += sum(
            1 for departure in result["departures"] if departure["how"] == "disqualified"
        )
        for event in document["events"]:
            paths[event["type"]] += 1
    # The run goes through every path the protocol knows for such games.
    assert set(endings) == {"all_black_out", "parity"}
    assert {"vote", "raise", "nominate", "shot", "sheriff_check", "don_check", "foul"} <= set(paths)
    assert disqualified > 0


def test_a_drawn_game_is_a_valid_unfinished_protocol_scored_without_main_points():
    table = Table(config={"draw_after_quiet_rounds": 2})
    for _ in range(2):
        table.quiet_night(kill=None).passes()
    assert table.state.winner == "draw"
    document = to_protocol(table.log)
    result = replay_protocol(document).to_result()
    assert result["valid"] and not result["finished"] and result["winner"] is None
    score = score_document(document).to_dict()
    assert [player["total"] for player in score["players"]] == [0] * 10
    assert transcript(table.log)[-1] == (
        "[Day 2] Judge: Game over, draw: nobody has left the table for 2 rounds."
    )


def test_the_protocol_records_the_deal_and_the_judges_decisions():
    table = Table(blacks=(2, 5), don=9, sheriff=7).check(2).claims(3, 3).kill(3).check(7)
    table.speak(3, "PASS").speak(1, "I nominate number 2. PASS").passes()
    document = to_protocol(table.log)
    assert [seat["role"] for seat in document["seats"]] == [
        "civilian", "mafia", "civilian", "civilian", "mafia", "civilian", "sheriff", "civilian", "don", "civilian",
    ]  # fmt: skip
    assert document["events"] == [
        {"type": "sheriff_check", "night": 0, "target": 2},
        {"type": "shot", "night": 0, "target": 3},
        {"type": "don_check", "night": 0, "target": 7},
        {"type": "nominate", "day": 1, "by": 1, "target": 2},
    ]
    assert replay_protocol(document).to_result()["departures"] == [
        {"seat": 3, "how": "shot", "night": 0, "alive_after": 9}
    ]


def test_a_no_kill_decision_is_a_shot_at_no_one():
    table = Table().close().close().close()  # no check, no claims, no decision
    assert to_protocol(table.log)["events"] == [{"type": "shot", "night": 0, "target": None}]


def test_the_transcript_tells_the_game_and_a_seats_transcript_only_what_it_heard():
    table = Table(blacks=(2, 5), don=9, sheriff=7).check(2).claims(3, 3).kill(3).check(7)
    full = transcript(table.log)
    assert "[Night 0] (to 7) 7 checks 2. Judge: Black" in full
    assert "[Night 0] Judge: Night falls." in full
    civilian = transcript(table.log, seat=1)
    assert not any(
        "checks" in line or "claims" in line or "roles dealt" in line for line in civilian
    )
    assert "[Night 0] your role: civilian" in civilian
    assert (
        "[Day 1] Judge: Morning has come in the city. Player number 3 was killed tonight."
        in civilian
    )
