"""A day picker's value is ``YYYY-MM-DD`` in every language (core.forms.DateInput): Django's own
widget wrote the language's format (Russian ``01.12.2026``), which ``<input type="date">`` drops,
so a Russian edit form (a season's, a series', a tournament's) showed its days empty and could
not be sent (found by tests/seasons/site/test_forms_browser.py)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from django.utils import translation

from core.forms import DateInput
from leagues.forms import SeriesForm
from seasons.forms import SeasonForm
from tournaments.forms import TournamentForm

ROOT = Path(__file__).resolve().parents[2]
APPS = ("clubs", "core", "discipline", "games", "leagues", "online", "ratings", "records", "scoring", "seasons",
        "tournaments")
A_DATE_INPUT = re.compile(r"""input_type\s*=\s*["']date["']|["']type["']\s*:\s*["']date["']""")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_day_is_written_as_the_browser_reads_it(language):
    with translation.override(language):
        assert 'value="2026-12-01"' in DateInput().render("starts_on", date(2026, 12, 1))
        assert 'value="1.12.2026"' in DateInput().render("starts_on", "1.12.2026")  # sent text, shown back


@pytest.mark.parametrize("form", [SeasonForm, SeriesForm, TournamentForm])
def test_the_forms_day_fields_use_it(form):
    days = [name for name, field in form.base_fields.items() if getattr(field.widget, "input_type", "") == "date"]
    assert days and all(isinstance(form.base_fields[name].widget, DateInput) for name in days)


def test_no_other_day_picker_is_written():
    others = [str(path.relative_to(ROOT)) for app in APPS for path in (ROOT / app).rglob("*.py")
              if path != ROOT / "core" / "forms.py" and A_DATE_INPUT.search(path.read_text(encoding="utf-8"))]
    assert not others, f"use core.forms.DateInput: {others}"
