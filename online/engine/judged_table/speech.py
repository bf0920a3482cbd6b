"""What the judge hears in a speech: its length, its ending, its nominations, its references.

Seed 003, "Day Phase" and "Nominations": a speech has a word or token limit, ends with "PASS"
or "THANK YOU", refers to players by number only, and nominates with "I nominate player number
X" / "I nominate number X" / "Nominating number X" (and, at a Russian table, their Russian
forms). The readings of what the seed leaves open are in docs/auto-judged-table.md.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

WORD = re.compile(r"\S+")
TOKEN = re.compile(r"\w+|[^\w\s]")

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "один": 1, "два": 2, "три": 3, "четыре": 4, "пять": 5,
    "шесть": 6, "семь": 7, "восемь": 8, "девять": 9, "десять": 10,
}  # fmt: skip

# The seed's three English phrases and their Russian forms ("Я выставляю игрока номер X",
# "Я выставляю номер X", "Выставляю номер X"), up to the number, which is read separately so
# that a phrase without a number can be told apart from no phrase at all.
NOMINATION_EN = r"\bI\s+nominate\s+(?:player\s+)?number\b|\bnominating\s+number\b"
NOMINATION_RU = r"(?<![\w])(?:я\s+)?выставляю\s+(?:игрока\s+)?(?:под\s+)?номер(?:ом)?(?![\w])"
NEXT_WORD = re.compile(r"\s*([^\s.,;:!?]+)")

# "Must end speech with PASS or THANK YOU" (and the Russian table's "ПАС" / "СПАСИБО").
ENDING_EN = r"\bpass|\bthank\s+you"
ENDING_RU = r"(?<![\w])пас|(?<![\w])спасибо"

# By the table's language (docs/auto-judged-table.md, reading 10): an English table hears the
# English forms only (seed 7.2, "No foreign languages"); a Russian table hears the Russian forms
# and the seed's English ones.
NOMINATIONS = {
    "en": re.compile(NOMINATION_EN, re.IGNORECASE),
    "ru": re.compile(f"{NOMINATION_EN}|{NOMINATION_RU}", re.IGNORECASE),
}
ENDINGS = {
    "en": re.compile(rf"(?:{ENDING_EN})[\s.!]*$", re.IGNORECASE),
    "ru": re.compile(rf"(?:{ENDING_EN}|{ENDING_RU})[\s.!]*$", re.IGNORECASE),
}


@dataclass(frozen=True, slots=True)
class SpeechReading:
    heard: str  # the speech up to the limit: what the judge lets the table hear
    length: int  # words or tokens in the whole speech as given
    over_limit: bool
    ending_ok: bool
    nominations: tuple[int | None, ...]  # in the order spoken; None: a phrase without a number
    names: tuple[int, ...]  # seats referred to by name instead of by number


def count_units(text: str, unit: str) -> int:
    return len((TOKEN if unit == "tokens" else WORD).findall(text))


def cut_to_limit(text: str, limit: int, unit: str) -> tuple[str, int, bool]:
    """The heard part of `text` (the first `limit` units), the full length, and if it was cut."""
    matches = list((TOKEN if unit == "tokens" else WORD).finditer(text))
    if len(matches) <= limit:
        return text.strip(), len(matches), False
    return text[: matches[limit - 1].end()].strip(), len(matches), True


def read_number(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


# A reference by number, as a whole: "player 4", "player number 4", "number 4", "4", "four",
# «игрок 4», «игрока номер 4», «номер 4», «четвёртый». Seed 003, 2.3: "Must refer to others by
# player number only": such a reference is never a name, so a seat named like one (the default
# "Player 4", «Игрок 4») is not listened for as a name (docs/auto-judged-table.md, reading 21).
_CARDINALS = "|".join(NUMBER_WORDS)
_ORDINALS = (
    r"(?:перв|втор|трет|четв[её]рт|пят|шест|седьм|восьм|девят|десят)"
    r"(?:ый|ой|ий|ого|ому|ым|ом|ая|ую|ое|ые|ых|ыми|ьего|ьему|ьим|ьем|ья|ью|ье|ьи|ьих)"
)
NUMBER_REFERENCE = re.compile(
    rf"(?:(?:player|seat|игрок\w*|мест\w*)\s+)?(?:(?:number|no\.?|#|номер\w*|№)\s*)?"
    rf"(?:\d+|{_CARDINALS}|{_ORDINALS})",
    re.IGNORECASE,
)


def is_number_reference(text: str) -> bool:
    return NUMBER_REFERENCE.fullmatch(text.strip()) is not None


def name_pattern(
    names: dict[int, str], numbers_are_names: bool = False
) -> tuple[re.Pattern | None, dict[str, int]]:
    """One pattern for every seat's name (a whole-word match), and each lowered name's seat.
    A name that reads as a reference by number is left out (revision 1 of the judge listened
    for it too: `numbers_are_names`)."""
    by_name = {
        name.lower(): seat
        for seat, name in names.items()
        if name and name.strip() and (numbers_are_names or not is_number_reference(name))
    }
    if not by_name:
        return None, {}
    alternatives = "|".join(re.escape(name) for name in sorted(by_name, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE), by_name


@functools.lru_cache(maxsize=256)
def name_reader(
    names: tuple[str, ...], numbers_are_names: bool = False
) -> tuple[re.Pattern | None, dict[str, int]]:
    """`name_pattern` for the seats' names in seat order, remembered: tables with the same
    names share one reader (it is never changed)."""
    return name_pattern({seat: name for seat, name in enumerate(names, start=1)}, numbers_are_names)


def read_speech(
    text: str,
    limit: int,
    unit: str,
    names: tuple[re.Pattern | None, dict[str, int]] | None = None,
    language: str = "en",
) -> SpeechReading:
    heard, length, over = cut_to_limit(text, limit, unit)
    nominations: list[int | None] = []
    for match in NOMINATIONS[language].finditer(heard):
        following = NEXT_WORD.match(heard, match.end())
        nominations.append(read_number(following.group(1)) if following else None)
    named: list[int] = []
    if names and names[0] is not None:
        for found in names[0].findall(heard):
            seat = names[1][found.lower()]
            if seat not in named:
                named.append(seat)
    return SpeechReading(
        heard=heard,
        length=length,
        over_limit=over,
        ending_ok=not over and ENDINGS[language].search(heard) is not None,
        nominations=tuple(nominations),
        names=tuple(named),
    )


# Readings of short speeches already heard, by (text, limit, unit, names, language): a bot
# says the same few sentences over and over, and a reading depends on nothing else. Bounded:
# only short texts are kept, and the memo starts afresh when full.
MEMO_TEXT_LENGTH = 200
MEMO_SIZE = 4096
_readings: dict[tuple, SpeechReading] = {}


def read_speech_memo(
    text: str,
    limit: int,
    unit: str,
    names: tuple[re.Pattern | None, dict[str, int]] | None,
    names_key: tuple,
    language: str = "en",
) -> SpeechReading:
    """`read_speech`, remembered for short texts; `names_key` is a hashable value that
    determines `names` (the judge passes the table's names)."""
    if len(text) > MEMO_TEXT_LENGTH:
        return read_speech(text, limit, unit, names, language)
    key = (text, limit, unit, names_key, language)
    reading = _readings.get(key)
    if reading is None:
        reading = read_speech(text, limit, unit, names, language)
        if len(_readings) >= MEMO_SIZE:
            _readings.clear()
        _readings[key] = reading
    return reading
