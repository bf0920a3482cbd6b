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

from dataclasses import dataclass

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
    game_over: dict[str, str]  # the winner → the announcement
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
    roles: dict[str, str]  # role code → its name (the English set keeps the codes)
    default: str
    steps: dict[str, str]  # a window's step code → its name (English: the codes)
    defaults: dict[str, str]  # a default's code → its name (English: the codes)
    not_counted: str
    reasons: dict[str, str]  # why a nomination did not count (English: the codes)


ENGLISH = Phrasebook(
    language="en",
    night_falls="Night falls.",
    sheriff_wakes="The Sheriff wakes up, you have ten seconds.",
    sheriff_sleeps="The Sheriff goes to sleep.",
    hunt="The mafia goes hunting.",
    don_wakes="The Don wakes up, you have ten seconds.",
    don_sleeps="The Don goes to sleep.",
    morning="Morning has come in the city. {result}",
    killed_tonight="Player number {seat} was killed tonight.",
    nobody_killed="Nobody was killed tonight.",
    speech_calls={
        "day": "Player number {seat}, your speech.",
        "tie": "Player number {seat}, your speech for the revote.",
        "final": "Player number {seat}, your final speech.",
    },
    accepted="Accepted.",
    foul="Player number {seat}, foul.",
    leaves="Player number {seat} leaves the table.",
    no_vote_cancelled="There is no vote today.",
    no_vote_nobody="Nobody is nominated; there is no vote.",
    no_vote_day_one="One nomination on the first day; there is no vote.",
    nominees="Nominated: players number {listed}.",
    vote_call="{Word}, who votes against player number {word}?",
    vote_last="Player number {seat}: every remaining vote.",
    votes="Votes: {tally}.",
    hands_called="Who is for eliminating all of players number {listed}?",
    tie="Players number {listed} are tied; they speak again.",
    all_leave="All of them leave the table.",
    all_stay="All of them stay.",
    thank_you="Thank you.",
    answers={"red": "Red", "black": "Black", "sheriff": "Sheriff", "not_sheriff": "Not the Sheriff"},
    game_over={"red": "Game over, red victory.", "black": "Game over, black victory."},
    number_names=(None, "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"),
    players_nominate="I nominate number {n}",
    players_end=("PASS", "THANK YOU"),
    when={"night": "Night {n}", "day": "Day {n}"},
    to_seats=" (to {seats})",
    to_judge=" (to the judge)",
    cut="{heard} [cut at the limit]",
    out_of_turn="{seat} out of turn: {text}",
    votes_against="{seat} votes against {target}",
    hand_up="{seat} raises a hand",
    hand_down="{seat} keeps the hand down",
    claims="{seat} claims {target}",
    nobody="nobody",
    decides="{seat} decides: {target}",
    no_kill="no kill",
    checks="{seat} checks {target}. Judge: {say}",
    judge="Judge: {say}",
    roles_dealt="roles dealt ({how}): {dealt}",
    by_hand="by hand",
    draw="draw {draw}",
    mafia_meet="the Mafia meet: {black}; the Don is {don}",
    your_role="your role: {role}",
    roles={"civilian": "civilian", "sheriff": "sheriff", "mafia": "mafia", "don": "don"},
    default="default for {seat} ({step}): {default}",
    steps={},
    defaults={},
    not_counted="nomination of {target} by {by} not counted ({reason})",
    reasons={},
)  # fmt: skip

RUSSIAN = Phrasebook(
    language="ru",
    night_falls="Наступает ночь.",
    sheriff_wakes="Шериф просыпается, у вас десять секунд.",
    sheriff_sleeps="Шериф засыпает.",
    hunt="Мафия выходит на охоту.",
    don_wakes="Дон просыпается, у вас десять секунд.",
    don_sleeps="Дон засыпает.",
    morning="В городе наступило утро. {result}",
    killed_tonight="Этой ночью убит игрок номер {seat}.",
    nobody_killed="Этой ночью никто не убит.",
    speech_calls={
        "day": "Игрок номер {seat}, ваша речь.",
        "tie": "Игрок номер {seat}, ваша речь перед переголосованием.",
        "final": "Игрок номер {seat}, ваше последнее слово.",
    },
    accepted="Принято.",
    foul="Игрок номер {seat}, фол.",
    leaves="Игрок номер {seat} покидает игровой стол.",
    no_vote_cancelled="Сегодня голосования нет.",
    no_vote_nobody="Никто не выставлен, голосования нет.",
    no_vote_day_one="В первый день выставлен один игрок, голосования нет.",
    nominees="На голосование выставлены игроки под номерами {listed}.",
    vote_call="{Word}. Кто за то, чтобы игрок номер {word} покинул игровой стол?",
    vote_last="Игрок номер {seat}: все оставшиеся голоса.",
    votes="Голоса: {tally}.",
    hands_called="Кто за то, чтобы игроки под номерами {listed} покинули игровой стол?",
    tie="Голоса разделились поровну между игроками под номерами {listed}; они говорят ещё раз.",
    all_leave="Все они покидают игровой стол.",
    all_stay="Все остаются за столом.",
    thank_you="Спасибо.",
    answers={"red": "Красный", "black": "Чёрный", "sheriff": "Шериф", "not_sheriff": "Не шериф"},
    game_over={"red": "Игра окончена, победа красных.", "black": "Игра окончена, победа чёрных."},
    number_names=(None, "Один", "Два", "Три", "Четыре", "Пять", "Шесть", "Семь", "Восемь", "Девять", "Десять"),
    players_nominate="Я выставляю номер {n}",
    players_end=("ПАС", "СПАСИБО"),
    when={"night": "Ночь {n}", "day": "День {n}"},
    to_seats=" (для {seats})",
    to_judge=" (для судьи)",
    cut="{heard} [обрезано по лимиту]",
    out_of_turn="{seat} не в свою очередь: {text}",
    votes_against="{seat} голосует против {target}",
    hand_up="{seat} поднимает руку",
    hand_down="{seat} не поднимает руку",
    claims="{seat} предлагает {target}",
    nobody="никого",
    decides="{seat} решает: {target}",
    no_kill="без убийства",
    checks="{seat} проверяет {target}. Судья: {say}",
    judge="Судья: {say}",
    roles_dealt="роли розданы ({how}): {dealt}",
    by_hand="вручную",
    draw="жребий {draw}",
    mafia_meet="мафия знакомится: {black}; дон — {don}",
    your_role="ваша роль: {role}",
    roles={"civilian": "мирный житель", "sheriff": "шериф", "mafia": "мафия", "don": "дон"},
    default="по умолчанию для {seat} ({step}): {default}",
    steps={
        "speech": "речь", "vote": "голосование", "hands": "голосование за подъём всех",
        "sheriff_check": "проверка шерифа", "claims": "предложения мафии",
        "kill": "решение об убийстве", "don_check": "проверка дона",
    },
    defaults={
        "PASS": "ПАС", "keep": "оставить всех", "no-check": "без проверки",
        "no-claim": "без предложения", "no-kill": "без убийства",
    },
    not_counted="выставление {target} игроком {by} не засчитано ({reason})",
    reasons={
        "one-per-day": "один игрок в день", "not-at-table": "игрока нет за столом",
        "already-nominated": "уже выставлен",
    },
)  # fmt: skip

PHRASEBOOKS = {"en": ENGLISH, "ru": RUSSIAN}


def phrasebook(language: str) -> Phrasebook:
    """The set of a table's language (an unknown language is refused by `TableConfig`)."""
    return PHRASEBOOKS[language]
