"""The table's language (seed 003, 4.2: "English (or Russian for certain tournaments)"): the
judge's words, the transcript and the bots speak it; the protocol is the same game whatever the
language (docs/auto-judged-table.md, "The table's language")."""

from __future__ import annotations

import copy
import string
from dataclasses import fields

import pytest

from games.engine import replay as replay_protocol
from online.agents import agents_from_spec, play_game
from online.engine.judged_table import TableError, create_table, replay
from online.engine.judged_table.phrases import ENGLISH, RUSSIAN, Phrasebook
from online.engine.judged_table.protocol import to_protocol, transcript
from online.engine.judged_table.scenario import Table
from online.engine.judged_table.views import seat_view
from scoring.engine import score_document

RU = {"language": "ru"}


def test_the_language_is_a_setting_recorded_in_the_log_english_by_default():
    _, log = create_table("s1")
    assert log[0]["config"]["language"] == "en" and log[0]["names"][0] == "Player 1"
    state, log = create_table("s1", config=RU)
    assert log[0]["config"]["language"] == "ru" and state.config.language == "ru"
    assert log[0]["names"][0] == "Игрок 1"
    assert replay(log).snapshot() == state.snapshot()


@pytest.mark.parametrize("language", ["de", "", None, 1])
def test_a_language_other_than_english_or_russian_is_refused(language):
    with pytest.raises(TableError) as refused:
        create_table("s1", config={"language": language})
    assert refused.value.rule == "config.language"


def _blanks(value) -> list:
    if isinstance(value, str):
        return sorted(name for _, name, _, _ in string.Formatter().parse(value) if name)
    if isinstance(value, dict):
        return sorted((key, _blanks(item)) for key, item in value.items())
    return [_blanks(item) for item in value if item is not None]


def test_both_phrasebooks_have_every_phrase_with_the_same_blanks():
    for field in fields(Phrasebook):
        english, russian = getattr(ENGLISH, field.name), getattr(RUSSIAN, field.name)
        if field.name in ("steps", "defaults", "reasons"):  # English shows the codes themselves
            assert all(code == name for code, name in english.items())
            assert set(english) == set(russian)
        assert russian, field.name
        assert _blanks(english) == _blanks(russian), field.name


def test_a_russian_table_judge_speaks_russian_through_a_night_and_a_day():
    table = Table(blacks=(2, 5), don=9, sheriff=7, config=RU)
    assert table.said() == ["Наступает ночь.", "Шериф просыпается, у вас десять секунд."]
    table.check(2)
    assert table.events("sheriff_checked")[-1]["say"] == "Чёрный"
    assert table.said()[-2:] == ["Шериф засыпает.", "Мафия выходит на охоту."]
    table.claims(3, 3).kill(3)
    assert table.said()[-1] == "Дон просыпается, у вас десять секунд."
    table.check(7)
    assert table.events("don_checked")[-1]["say"] == "Шериф"
    assert table.said()[-3:] == [
        "Дон засыпает.",
        "В городе наступило утро. Этой ночью убит игрок номер 3.",
        "Игрок номер 3, ваше последнее слово.",
    ]
    table.speak(3, "ПАС").speak(1, "Я выставляю номер 2. ПАС")
    assert table.events("nominated")[-1]["say"] == "Принято."
    table.speak(2, "Я выставляю номер 4. Спасибо").speak(4, "Спасибо, я молчу")
    assert table.events("foul")[-1]["say"] == "Игрок номер 4, фол."
    table.passes()
    assert table.said()[-3:] == [
        "На голосование выставлены игроки под номерами 2, 4.",
        "На голосование выставлены игроки под номерами 2, 4.",
        "Два. Кто за то, чтобы игрок номер два покинул игровой стол?",
    ]
    table.votes({2: [1, 4, 6, 7, 8, 10]})
    assert table.said()[-5:] == [
        "Спасибо.",
        "Игрок номер 4: все оставшиеся голоса.",
        "Голоса: 2: 6, 4: 3.",
        "Игрок номер 2 покидает игровой стол.",
        "Игрок номер 2, ваше последнее слово.",
    ]


def test_the_russian_judge_calls_ties_the_vote_to_eliminate_all_and_the_end():
    table = Table(blacks=(2, 5), don=9, sheriff=7, config=RU).quiet_night(kill=None)
    assert table.said()[-2] == "В городе наступило утро. Этой ночью никто не убит."
    table.speak(1, "Я выставляю номер 2. ПАС").speak(2, "Я выставляю номер 5. ПАС").passes()
    table.votes({2: [1, 3, 4, 6, 7]})  # 2 and 5 tie, 5 against 5
    assert table.said()[-1].startswith("Игрок номер 2, ваша речь перед переголосованием")
    assert "Голоса разделились поровну между игроками под номерами 2, 5" in table.said()[-2]
    table.passes().votes({2: [1, 3, 4, 6, 7]})
    assert table.said()[-1] == "Кто за то, чтобы игроки под номерами 2, 5 покинули игровой стол?"
    table.hands(up=[1, 3, 4, 6, 7, 8])
    assert "Все они покидают игровой стол." in table.said()
    table.passes().quiet_night(kill=None)
    table.speak(3, "Я выставляю номер 9. ПАС").passes()  # Day 2 opens with seat 3
    assert table.said()[-1] == "Игра окончена, победа красных."


def test_the_russian_judge_announces_a_draw():
    table = Table(config={"language": "ru", "draw_after_quiet_rounds": 1})
    table.quiet_night(kill=None).passes()
    assert table.state.winner == "draw"
    assert table.said()[-1] == "Игра окончена, ничья: кругов подряд без выбывших — 1."


def test_a_log_written_before_the_language_and_the_draw_rule_replays_as_it_was_played():
    game = play_game(lambda roles: agents_from_spec("rule", roles), seed="older-log")
    old = copy.deepcopy(game.log)
    del old[0]["config"]["language"], old[0]["config"]["draw_after_quiet_rounds"]
    replayed = replay(old)
    assert replayed.config.language == "en" and replayed.config.draw_after_quiet_rounds is None
    expected = game.state.snapshot()
    expected["config"] = {**expected["config"], "draw_after_quiet_rounds": None}
    assert replayed.snapshot() == expected


def _ru_game(seed: str, spec: str = "rule"):
    return play_game(lambda roles: agents_from_spec(spec, roles), seed=seed, config=RU)


def test_the_transcript_of_a_russian_table_is_in_russian():
    game = _ru_game("ru-transcript")
    full = transcript(game.log)
    assert full[0].startswith("[Ночь 0] (для судьи) роли розданы (жребий 0): 1: ")
    assert "[Ночь 0] Судья: Наступает ночь." in full
    assert full[-1].endswith(
        ("Судья: Игра окончена, победа красных.", "Судья: Игра окончена, победа чёрных.")
    )
    english = ("Judge:", "Night ", "Day ", "votes against", "your role", "the Mafia meet")
    assert not [line for line in full if any(word in line for word in english)]
    seat = transcript(game.log, seat=1)
    assert seat[0].startswith("[Ночь 0] ваша роль: ")


@pytest.mark.parametrize("spec", ["rule", "random", "red=sloppy,black=rule"])
def test_the_bots_speak_the_tables_language(spec):
    speeches = []
    for index in range(20):
        game = _ru_game(f"ru-bots-{index}", spec)
        speeches += [event["text"] for event in game.log if event["type"] == "speech"]
    assert not [text for text in speeches if "PASS" in text or "THANK YOU" in text]
    assert any(text.startswith("Я выставляю номер") for text in speeches)
    if spec == "rule":
        assert any(text.startswith("Я шериф. Номер") for text in speeches)


def test_a_russian_game_is_the_same_game_as_the_english_one_and_its_protocol_scores():
    """The language changes the words, not the play: with the same seed the bots make the same
    moves, and the protocol (which has no field for a language) is the same but for the names."""
    for index in range(60):
        spec = ("rule", "random", "red=sloppy,black=rule")[index % 3]
        seed = f"ru-protocol-{index}"
        russian = _ru_game(seed, spec)
        english = play_game(lambda roles, spec=spec: agents_from_spec(spec, roles), seed=seed)
        document = to_protocol(russian.log)
        assert document["events"] == to_protocol(english.log)["events"], seed
        assert document["seats"][0]["player"] == "Игрок 1"
        result = replay_protocol(document).to_result()
        assert result["valid"] and result["finished"] and result["winner"] == russian.state.winner
        assert len(score_document(document).to_dict()["players"]) == 10
        assert replay(russian.log).snapshot() == russian.state.snapshot()


def test_a_seats_view_says_the_tables_language():
    state, log = create_table("s1", config=RU)
    view = seat_view(state, log, 1)
    assert view.language == "ru" and view.to_dict()["language"] == "ru"
    assert seat_view(*create_table("s1"), 1).language == "en"


def test_a_log_written_before_tables_had_a_language_replays_as_an_english_table():
    game = play_game(lambda roles: agents_from_spec("rule", roles), seed="old-log")
    old = copy.deepcopy(game.log)
    del old[0]["config"]["language"]
    assert replay(old).snapshot() == game.state.snapshot()
    assert transcript(old) == transcript(game.log)
