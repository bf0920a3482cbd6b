"""The Russian translation: pages render in Russian, and the catalogue is complete.

Glossary (keep new strings consistent with it):

    civilian — мирный житель       the Sheriff — шериф          Mafia — мафия       the Don — дон
    red / black — красные / чёрные (a check's answer: красный / чёрный)
    judge — судья                  chief judge — главный судья  protocol — протокол
    nomination / nominate — выставление / выставить             vote — голосование
    revote — переголосование       raise — подъём               critical — критический круг
    night shot — ночной отстрел    miss — промах
    Sheriff's / Don's check — проверка шерифа / проверка дона
    First Color (will) — лучший ход    Last Will Ordered — завещание   Pass the Helm — передача хода
    foul — фол                     technical foul — технический фол
    disqualification — дисквалификация
    DD (declared defeat) — ППК (признание поражения команды)
    deal — раздача                 seat — место (a seat in play: игрок N)
    seating — рассадка             round — тур                  final — финал
    standings — турнирная таблица  rating — рейтинг             track — зачёт
    points — баллы                 extra points — дополнительные баллы (Доп.)   penalty — штраф
    tie-break — дополнительный показатель
    application — заявка (на участие)                           waiting list — лист ожидания
    club evening — игровой вечер   nickname — ник               account — аккаунт
    seed (of a seating) — зерно

To translate new strings: run ``makemessages -l ru`` (see the README's command), fill every new
``msgstr`` (no ``#, fuzzy`` left), then ``compilemessages`` and commit both .po and .mo.
"""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tests.factories import ClubFactory
from tests.tournaments.factories import TournamentFactory, accepted_players, make_round, scored_game

ROOT = Path(settings.BASE_DIR)
PO_PATH = ROOT / "locale" / "ru" / "LC_MESSAGES" / "django.po"
MO_PATH = PO_PATH.with_suffix(".mo")

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%%")


# --- a small .po reader (no third-party parser) ---------------------------------------------------


def _unquote(text: str) -> str:
    return ast.literal_eval(text)


def read_po(path: Path) -> list[dict]:
    """The catalogue's entries: msgctxt, msgid, msgid_plural, msgstr {index: text}, flags, obsolete."""
    entries: list[dict] = []
    entry: dict | None = None
    field: tuple | None = None

    def new_entry() -> dict:
        return {"msgctxt": None, "msgid": None, "msgid_plural": None, "msgstr": {}, "flags": set(),
                "obsolete": False, "line": 0}

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            if entry is not None and entry["msgid"] is not None:
                entries.append(entry)
            entry, field = None, None
            continue
        if entry is None:
            entry = new_entry()
        if line.startswith("#~"):
            entry["obsolete"] = True
            continue
        if line.startswith("#,"):
            entry["flags"].update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith("#"):
            continue
        if entry["msgid"] is not None and line.startswith(("msgctxt ", "msgid ")) and field and field[0] == "msgstr":
            # an entry that follows another without a blank line
            entries.append(entry)
            entry = new_entry()
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            assert field is not None, f"{path}:{number}: a continuation line outside an entry"
            kind, index = field
            if kind == "msgstr":
                entry["msgstr"][index] += _unquote(line)
            else:
                entry[kind] += _unquote(line)
            continue
        match = re.fullmatch(r"msgstr\[(\d+)\]", keyword)
        if match:
            field = ("msgstr", int(match.group(1)))
            entry["msgstr"][field[1]] = _unquote(rest)
        elif keyword == "msgstr":
            field = ("msgstr", 0)
            entry["msgstr"][0] = _unquote(rest)
        elif keyword in ("msgctxt", "msgid", "msgid_plural"):
            field = (keyword, None)
            entry[keyword] = _unquote(rest)
            if keyword == "msgid":
                entry["line"] = number
        else:
            raise AssertionError(f"{path}:{number}: cannot read {raw!r}")
    if entry is not None and entry["msgid"] is not None:
        entries.append(entry)
    return entries


@pytest.fixture(scope="module")
def catalogue() -> list[dict]:
    assert PO_PATH.exists(), "locale/ru/LC_MESSAGES/django.po is missing: run makemessages -l ru"
    return read_po(PO_PATH)


def _live(entries):
    return [e for e in entries if e["msgid"] and not e["obsolete"]]


def _nplurals(entries) -> int:
    header = next(e for e in entries if e["msgid"] == "")
    match = re.search(r"nplurals\s*=\s*(\d+)", header["msgstr"][0])
    assert match, "the .po header has no Plural-Forms"
    return int(match.group(1))


# --- the catalogue ---------------------------------------------------------------------------------


def test_po_file_has_no_untranslated_or_fuzzy_entries(catalogue):
    live = _live(catalogue)
    assert len(live) > 500  # the whole site, not a stub
    header = next(e for e in catalogue if e["msgid"] == "")
    assert "fuzzy" not in header["flags"]
    assert "Language: ru" in header["msgstr"][0]
    nplurals = _nplurals(catalogue)
    problems = []
    for e in live:
        where = f"line {e['line']}: {e['msgid'][:60]!r}"
        if "fuzzy" in e["flags"]:
            problems.append(f"fuzzy — {where}")
        if e["msgid_plural"] is not None:
            if sorted(e["msgstr"]) != list(range(nplurals)) or not all(e["msgstr"].values()):
                problems.append(f"needs {nplurals} plural forms — {where}")
        elif not e["msgstr"].get(0):
            problems.append(f"untranslated — {where}")
    assert not problems, "Translate these in locale/ru/LC_MESSAGES/django.po:\n" + "\n".join(problems)


def test_translations_keep_every_placeholder(catalogue):
    problems = []
    for e in _live(catalogue):
        for index, text in e["msgstr"].items():
            source = e["msgid_plural"] if e["msgid_plural"] is not None and index > 0 else e["msgid"]
            if sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(source)):
                problems.append(f"line {e['line']}: {e['msgid'][:60]!r} → {text[:60]!r}")
    assert not problems, "Placeholders differ:\n" + "\n".join(problems)


def test_compiled_catalogue_matches_the_po_file(catalogue):
    """The .mo is committed (for machines without gettext) and must be compiled from this .po."""
    assert MO_PATH.exists(), "run compilemessages: locale/ru/LC_MESSAGES/django.mo is missing"
    with MO_PATH.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    stale = []
    for e in _live(catalogue):
        if e["msgid_plural"] is not None:
            continue
        key = f"{e['msgctxt']}\x04{e['msgid']}" if e["msgctxt"] else e["msgid"]
        if compiled._catalog.get(key) != e["msgstr"][0]:
            stale.append(e["msgid"][:60])
    assert not stale, f"django.mo is stale (run compilemessages): {stale[:5]}"


# --- every marked string in the source is in the catalogue -----------------------------------------

GETTEXT_NAMES = {"_", "gettext", "gettext_lazy", "gettext_noop", "pgettext", "pgettext_lazy"}
TEMPLATE_TRANSLATE = re.compile(
    r"""{%\s*(?:translate|trans)\s+(?P<q>["'])(?P<msgid>.*?)(?P=q)"""
    r"""(?:\s+context\s+(?P<cq>["'])(?P<ctx>.*?)(?P=cq))?[^%]*%}"""
)
SOURCE_APPS = ("clubs", "config", "games", "scoring", "tournaments")


def _source_msgids() -> set[tuple[str | None, str]]:
    found: set[tuple[str | None, str]] = set()
    for app in SOURCE_APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name not in GETTEXT_NAMES or not node.args:
                    continue
                args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                        for a in node.args[:2]]
                if name.startswith("pgettext"):
                    if len(args) == 2 and args[0] is not None and args[1] is not None:
                        found.add((args[0], args[1]))
                elif args[0] is not None:
                    found.add((None, args[0]))
    for path in (ROOT / "templates").rglob("*"):
        if path.suffix not in (".html", ".txt"):
            continue
        for match in TEMPLATE_TRANSLATE.finditer(path.read_text(encoding="utf-8")):
            # {% translate %} looks a string up with its percent signs doubled (django.template.base.Variable),
            # as makemessages writes it: "95% interval" is found as "95%% interval"
            found.add((match.group("ctx"), match.group("msgid").replace("%", "%%")))
    return found


def test_every_marked_string_is_in_the_catalogue(catalogue):
    known = {(e["msgctxt"], e["msgid"]) for e in _live(catalogue)}
    missing = sorted(msgid for ctx, msgid in _source_msgids() - known if msgid)
    assert not missing, (
        "New strings are not in locale/ru/LC_MESSAGES/django.po — run makemessages -l ru, translate, "
        f"compilemessages: {missing[:20]}"
    )


# --- pages render in Russian -------------------------------------------------------------------------

# Latin words a Russian page may still show: data from the factories, codes and names.
LATIN_ALLOWED = {"EN", "RU", "CSV", "Club", "Cup", "Moscow", "Pro", "Mafia"}
TAG = re.compile(r"<[^>]+>")
ATTRIBUTE_TEXT = re.compile(r"""\s(?:aria-label|placeholder|title|alt)="([^"]*)\"""")


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    attributes = " ".join(ATTRIBUTE_TEXT.findall(html))
    return TAG.sub(" ", html) + " " + attributes


def latin_words(html: str, *data: str) -> set[str]:
    text = visible_text(html)
    for value in data:
        text = text.replace(value, " ")
    return {w for w in re.findall(r"[A-Za-z][A-Za-z'’]+", text)} - LATIN_ALLOWED


@pytest.mark.django_db
def test_home_page_in_russian(client):
    club = ClubFactory(name="Night Owls", city="Kazan")
    TournamentFactory(club=club, name="Autumn Cup")
    html = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    for phrase in ("Клубы мафии", "Спортивная мафия — как положено", "Ближайшие турниры и вечера",
                   "регистрация открыта", "Рейтинг", "Войти", "Регистрация", "Зарегистрироваться и играть"):
        assert phrase in html, phrase
    for phrase in ("Sign up", "Log in", "Upcoming tournaments", "registration open", "Sport Mafia", "Players"):
        assert phrase not in html, phrase
    assert latin_words(html, "Night Owls", "Kazan", "Autumn Cup") == set()


@pytest.mark.django_db
def test_sign_up_page_in_russian(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    html = client.get(reverse("sign_up")).content.decode()
    for phrase in ("Регистрация", "Ник", "Логин", "Пароль ещё раз", "Домашний клуб", "Город", "Создать аккаунт"):
        assert phrase in html, phrase
    for phrase in ("Nickname", "Password again", "Home club", "Create my account", "The name you play under"):
        assert phrase not in html, phrase
    assert latin_words(html) == set()


@pytest.mark.django_db
def test_sign_up_errors_in_russian(client):
    response = client.post(reverse("sign_up"), {"nickname": "Anya", "username": "anya", "email": "a@example.com",
                                                "password1": "long-enough-pass-1", "password2": "another-pass-2"},
                           HTTP_ACCEPT_LANGUAGE="ru")
    assert "Пароли не совпадают." in response.content.decode()


@pytest.mark.django_db
def test_tournament_standings_in_russian(client):
    tournament = TournamentFactory(name="Autumn Cup", tables=1, publish_standings=True, publish_results=True)
    players = accepted_players(tournament, 10)
    roles = ["civilian"] * 6 + ["sheriff", "mafia", "mafia", "don"]
    scored_game(tournament, make_round(tournament, 1), 1,
                [(p, role, role in ("civilian", "sheriff"), 1, []) for p, role in zip(players, roles, strict=True)])
    url = reverse("tournaments:standings", kwargs={"slug": tournament.slug})
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    for phrase in ("Турнирная таблица", "Обзор", "Результаты", "Только подтверждённые игры с опубликованными результатами", "сумма баллов",
                   "победы", "дополнительные баллы", "Сумма", "Доп.", "Штраф", "Мирный житель", "Шериф", "Дон",
                   "Версия для печати"):
        assert phrase in html, phrase
    for phrase in ("Standings", "Overview", "Confirmed games with published results only", "total points", "extra points", "Printable",
                   ">Total<", ">Wins<", ">Penalty<", "civilian", "Sheriff"):
        assert phrase not in html, phrase
    assert latin_words(html, "Autumn Cup", *(p.nickname for p in players)) == set()


@pytest.mark.django_db
def test_set_language_switches_the_site_to_russian_and_back(client):
    response = client.post(reverse("set_language"), {"language": "ru", "next": reverse("home")})
    assert response.status_code == 302
    assert "Клубы мафии" in client.get(reverse("home")).content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": reverse("home")})
    assert "Mafia clubs" in client.get(reverse("home")).content.decode()
