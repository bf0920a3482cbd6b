"""The table's phrasebook: every word the judge says, and the transcript's own words, in the
table's language (`TableConfig.language`: "en" or "ru").

Seed 003, 4.2: "Language: English (or Russian for certain tournaments)". The engine is pure
Python (no gettext): a table speaks one language, chosen when it is created and recorded in its
settings, and the judge's `say` and the transcript come from the set of that language. The
English set is the seed's own appendix ("Night falls.", "Morning has come (in the city).",
"Accepted.", "Game over, red/black victory." …); the Russian set is what a Russian-speaking
sport-Mafia judge says («Наступает ночь.», «В городе наступило утро.», «Принято.», «Игра
окончена, победа красных.» …). What the players themselves say (the endings, the nomination
phrases the judge accepts) is read in `speech.py`; `players_nominate` and `players_end` here are
the forms a player is told to use.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vocabulary import CIVILIAN, DON, MAFIA, SHERIFF

LANGUAGES = ("en", "ru")


@dataclass(frozen=True, slots=True)
class Phrasebook:
    language: str
    # --- the judge's calls (`say`); "{seat}" and the like are filled in by the judge -----------
    night_falls: str
    sheriff_wakes: str
    sheriff_sleeps: str
    hunt: str
    don_wakes: str
    don_sleeps: str
    morning: str  # "{result}": killed_tonight or nobody_killed
    killed_tonight: str
    nobody_killed: str
    speech_calls: dict[str, str]  # purpose ("day", "tie", "final") → the call, with "{seat}"
    accepted: str
    foul: str
    leaves: str
    no_vote_cancelled: str
    no_vote_nobody: str
    no_vote_day_one: str
    nominees: str  # "{listed}"
    vote_call: str  # "{Word}" / "{word}": the candidate's number in words
    vote_last: str
    votes: str  # "{tally}": "seat: votes, …"
    hands_called: str
    tie: str
    all_leave: str
    all_stay: str
    thank_you: str  # the end of a vote window
    answers: dict[str, str]  # a check's result ("red", "black", "sheriff", "not_sheriff") → word
    game_over: dict[str, str]  # the winner ("red", "black", "draw") → the announcement
    number_names: tuple[str | None, ...]  # 1 … 10 in words, capitalised
    # --- what a player is told to say (prompts, the page's hints, the bots) ------------------
    players_nominate: str  # "{n}"
    players_end: tuple[str, str]  # the two endings
    # --- the transcript's own words ----------------------------------------------------------
    when: dict[str, str]  # phase → "Night {n}" / "Day {n}"
    to_seats: str
    to_judge: str
    cut: str
    out_of_turn: str
    votes_against: str
    hand_up: str
    hand_down: str
    claims: str
    nobody: str
    decides: str
    no_kill: str
    checks: str
    judge: str
    roles_dealt: str
    by_hand: str
    draw: str
    mafia_meet: str
    your_role: str
    roles: dict[str, str]  # role code → its name
    default: str
    steps: dict[str, str]  # a window's step code → its name
    defaults: dict[str, str]  # a default's code → its name
    not_counted: str
    not_counted_no_number: str  # a nomination phrase without a number
    reasons: dict[str, str]  # why a nomination did not count
    # --- the notes that close a window (the `Timeout` input's note, written into the log) -----
    notes: dict[str, str]  # a note's code → its text
    actions: dict[str, str]  # what a seat was asked ("speak", "vote", …) → its name
    answer_problems: dict[str, str]  # what is wrong with an agent's answer → its text
    # --- the calls with a seat, said for every seat in advance (the judge's hot path indexes
    # them by seat instead of formatting a phrase; index 0 unused, or "nobody" for a morning) ---
    speech_call_of: dict[str, tuple[str, ...]] = field(default_factory=dict)
    foul_of: tuple[str, ...] = ()
    leaves_of: tuple[str, ...] = ()
    killed_of: tuple[str, ...] = ()
    morning_of: tuple[str, ...] = ()  # [0]: nobody was killed
    vote_call_of: tuple[str, ...] = ()
    vote_last_of: tuple[str, ...] = ()


# Every phrase in English and in Russian, side by side (the English transcript keeps the codes
# of steps, defaults and reasons as they are).
PHRASES = {
    "night_falls": ("Night falls.", "Наступает ночь."),
    "sheriff_wakes": (
        "The Sheriff wakes up, you have ten seconds.",
        "Шериф просыпается, у вас десять секунд.",
    ),
    "sheriff_sleeps": ("The Sheriff goes to sleep.", "Шериф засыпает."),
    "hunt": ("The mafia goes hunting.", "Мафия выходит на охоту."),
    "don_wakes": ("The Don wakes up, you have ten seconds.", "Дон просыпается, у вас десять секунд."),
    "don_sleeps": ("The Don goes to sleep.", "Дон засыпает."),
    "morning": ("Morning has come in the city. {result}", "В городе наступило утро. {result}"),
    "killed_tonight": ("Player number {seat} was killed tonight.", "Этой ночью убит игрок номер {seat}."),
    "nobody_killed": ("Nobody was killed tonight.", "Этой ночью никто не убит."),
    "speech_calls": {
        "day": ("Player number {seat}, your speech.", "Игрок номер {seat}, ваша речь."),
        "tie": (
            "Player number {seat}, your speech for the revote.",
            "Игрок номер {seat}, ваша речь перед переголосованием.",
        ),
        "final": (
            "Player number {seat}, your final speech.",
            "Игрок номер {seat}, ваше последнее слово.",
        ),
    },
    "accepted": ("Accepted.", "Принято."),
    "foul": ("Player number {seat}, foul.", "Игрок номер {seat}, фол."),
    "leaves": ("Player number {seat} leaves the table.", "Игрок номер {seat} покидает игровой стол."),
    "no_vote_cancelled": ("There is no vote today.", "Сегодня голосования нет."),
    "no_vote_nobody": ("Nobody is nominated; there is no vote.", "Никто не выставлен, голосования нет."),
    "no_vote_day_one": (
        "One nomination on the first day; there is no vote.",
        "В первый день выставлен один игрок, голосования нет.",
    ),
    "nominees": (
        "Nominated: players number {listed}.",
        "На голосование выставлены игроки под номерами {listed}.",
    ),
    "vote_call": (
        "{Word}, who votes against player number {word}?",
        "{Word}. Кто за то, чтобы игрок номер {word} покинул игровой стол?",
    ),
    "vote_last": (
        "Player number {seat}: every remaining vote.",
        "Игрок номер {seat}: все оставшиеся голоса.",
    ),
    "votes": ("Votes: {tally}.", "Голоса: {tally}."),
    "hands_called": (
        "Who is for eliminating all of players number {listed}?",
        "Кто за то, чтобы игроки под номерами {listed} покинули игровой стол?",
    ),
    "tie": (
        "Players number {listed} are tied; they speak again.",
        "Голоса разделились поровну между игроками под номерами {listed}; они говорят ещё раз.",
    ),
    "all_leave": ("All of them leave the table.", "Все они покидают игровой стол."),
    "all_stay": ("All of them stay.", "Все остаются за столом."),
    "thank_you": ("Thank you.", "Спасибо."),
    "answers": {
        "red": ("Red", "Красный"),
        "black": ("Black", "Чёрный"),
        "sheriff": ("Sheriff", "Шериф"),
        "not_sheriff": ("Not the Sheriff", "Не шериф"),
    },
    "game_over": {
        "red": ("Game over, red victory.", "Игра окончена, победа красных."),
        "black": ("Game over, black victory.", "Игра окончена, победа чёрных."),
        "draw": (
            "Game over, draw: nobody has left the table for {rounds} rounds.",
            "Игра окончена, ничья: кругов подряд без выбывших — {rounds}.",
        ),
    },
    "number_names": (
        (None, "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"),
        (None, "Один", "Два", "Три", "Четыре", "Пять", "Шесть", "Семь", "Восемь", "Девять", "Десять"),
    ),
    "players_nominate": ("I nominate number {n}", "Я выставляю номер {n}"),
    "players_end": (("PASS", "THANK YOU"), ("ПАС", "СПАСИБО")),
    "when": {
        "night": ("Night {n}", "Ночь {n}"),
        "day": ("Day {n}", "День {n}"),
    },
    "to_seats": (" (to {seats})", " (для {seats})"),
    "to_judge": (" (to the judge)", " (для судьи)"),
    "cut": ("{heard} [cut at the limit]", "{heard} [обрезано по лимиту]"),
    "out_of_turn": ("{seat} out of turn: {text}", "{seat} не в свою очередь: {text}"),
    "votes_against": ("{seat} votes against {target}", "{seat} голосует против {target}"),
    "hand_up": ("{seat} raises a hand", "{seat} поднимает руку"),
    "hand_down": ("{seat} keeps the hand down", "{seat} не поднимает руку"),
    "claims": ("{seat} claims {target}", "{seat} предлагает {target}"),
    "nobody": ("nobody", "никого"),
    "decides": ("{seat} decides: {target}", "{seat} решает: {target}"),
    "no_kill": ("no kill", "без убийства"),
    "checks": ("{seat} checks {target}. Judge: {say}", "{seat} проверяет {target}. Судья: {say}"),
    "judge": ("Judge: {say}", "Судья: {say}"),
    "roles_dealt": ("roles dealt ({how}): {dealt}", "роли розданы ({how}): {dealt}"),
    "by_hand": ("by hand", "вручную"),
    "draw": ("draw {draw}", "жребий {draw}"),
    "mafia_meet": ("the Mafia meet: {black}; the Don is {don}", "мафия знакомится: {black}; дон — {don}"),
    "your_role": ("your role: {role}", "ваша роль: {role}"),
    "roles": {
        CIVILIAN: ("civilian", "мирный житель"),
        SHERIFF: ("sheriff", "шериф"),
        MAFIA: ("mafia", "мафия"),
        DON: ("don", "дон"),
    },
    "default": (
        "default for {seat} ({step}): {default}",
        "по умолчанию для {seat} ({step}): {default}",
    ),
    "steps": {
        "speech": ("speech", "речь"),
        "vote": ("vote", "голосование"),
        "hands": ("hands", "голосование за подъём всех"),
        "sheriff_check": ("sheriff_check", "проверка шерифа"),
        "claims": ("claims", "предложения мафии"),
        "kill": ("kill", "решение об убийстве"),
        "don_check": ("don_check", "проверка дона"),
    },
    "defaults": {
        "PASS": ("PASS", "ПАС"),
        "keep": ("keep", "оставить всех"),
        "no-check": ("no-check", "без проверки"),
        "no-claim": ("no-claim", "без предложения"),
        "no-kill": ("no-kill", "без убийства"),
    },
    "not_counted": (
        "nomination of {target} by {by} not counted ({reason})",
        "выставление {target} игроком {by} не засчитано ({reason})",
    ),
    "not_counted_no_number": (
        "nomination by {by} not counted ({reason})",
        "выставление игроком {by} не засчитано ({reason})",
    ),
    "reasons": {
        "one-per-day": ("one-per-day", "один игрок в день"),
        "not-at-table": ("not-at-table", "игрока нет за столом"),
        "already-nominated": ("already-nominated", "уже выставлен"),
        "no-number": ("no-number", "без номера"),
    },
    # Written by the driver (online.agents.play) and the site (online.table_play) when they close
    # a window for a seat: in the table's language like every text of its log. The English ones
    # are the words the log has always had.
    "notes": {
        "seat": ("seat {seat} {action}: {reason}", "игрок {seat}, {action}: {reason}"),
        "late": ("late: over the {deadline} s deadline", "опоздание: дольше {deadline} с"),
        "agent-error": ("agent error: {error}", "ошибка агента: {error}"),
        "malformed": ("malformed: {problem}", "ответ не по форме: {problem}"),
        "no-usable-answer": ("seat {seat}: no usable answer", "игрок {seat}: нет годного ответа"),
        "person-late": ("late: the person's window closed", "опоздание: окно игрока закрылось"),
        "person-no-check": ("the person chose no check", "игрок не выбрал проверку"),
    },
    "actions": {
        "speak": ("speak", "речь"),
        "vote": ("vote", "голосование"),
        "hand": ("hand", "голосование за подъём всех"),
        "check": ("check", "проверка"),
        "claim": ("claim", "предложение мафии"),
        "kill": ("kill", "решение об убийстве"),
    },
    "answer_problems": {
        "not-object": ("the answer is not an object", "ответ — не объект"),
        "speech-not-text": (
            "a speech answer needs a text 'speech'",
            "в ответе-речи нужен текст 'speech'",
        ),
        "speech-too-long": (
            "the speech is longer than {limit} characters",
            "речь длиннее {limit} знаков",
        ),
        "hand-not-bool": (
            "a hand answer needs 'up': true or false",
            "в ответе нужно 'up': true или false",
        ),
        "no-target": (
            "the answer needs a 'target' (a seat number or null)",
            "в ответе нужен 'target' (номер места или null)",
        ),
        "target-not-seat": ("the target is not a seat number", "'target' — не номер места"),
        "target-not-allowed": ("seat {target} is not one of {allowed}", "места {target} нет среди {allowed}"),
    },
}  # fmt: skip


def _column(value, index: int):
    if isinstance(value, dict):
        return {key: _column(item, index) for key, item in value.items()}
    return value[index]


def _book(language: str, index: int) -> Phrasebook:
    words = {name: _column(value, index) for name, value in PHRASES.items()}
    seats = range(11)
    names = words["number_names"]
    words |= {
        "speech_call_of": {
            purpose: tuple(call.format(seat=seat) for seat in seats)
            for purpose, call in words["speech_calls"].items()
        },
        "foul_of": tuple(words["foul"].format(seat=seat) for seat in seats),
        "leaves_of": tuple(words["leaves"].format(seat=seat) for seat in seats),
        "killed_of": tuple(words["killed_tonight"].format(seat=seat) for seat in seats),
        "morning_of": (words["morning"].format(result=words["nobody_killed"]),)
        + tuple(
            words["morning"].format(result=words["killed_tonight"].format(seat=seat))
            for seat in seats[1:]
        ),
        "vote_call_of": (None,)
        + tuple(words["vote_call"].format(Word=name, word=name.lower()) for name in names[1:]),
        "vote_last_of": tuple(words["vote_last"].format(seat=seat) for seat in seats),
    }
    return Phrasebook(language=language, **words)


PHRASEBOOKS = {language: _book(language, index) for index, language in enumerate(LANGUAGES)}
ENGLISH, RUSSIAN = PHRASEBOOKS["en"], PHRASEBOOKS["ru"]


def phrasebook(language: str) -> Phrasebook:
    """The set of a table's language (an unknown language is refused by `TableConfig`)."""
    return PHRASEBOOKS[language]
