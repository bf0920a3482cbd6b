"""Roles written one way (issue 27: "roles capitalised unevenly (civilian / Sheriff / mafia / Don).
Every word a person reads comes from a translated label."). Decision (docs/online-site.md, "Role
names"): a role or a side is a name, one translated label each, capitalised in both languages
wherever it is written — in lists, headings and sentences alike."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.rulesets import ROLE_LABELS
from online.forum import texts
from online.mafia1923 import texts as mafia1923_texts

LABELS = {
    "the auto-judged table and the protocols": ROLE_LABELS,
    "the forum game's roles": {role: entry[0] for role, entry in texts.ROLES.items()},
    "the forum game's sides": texts.SIDES,
    "Mafia 1923's roles": mafia1923_texts.ROLE_NAMES,
}


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("where", LABELS)
def test_every_role_label_is_a_capitalised_translated_name(where, language):
    with translation.override(language):
        for role, label in LABELS[where].items():
            text = str(label)
            assert text[:1].isupper(), (where, role, text)
            if language == "ru":
                assert any("а" <= ch.lower() <= "я" or ch.lower() == "ё" for ch in text), (where, role, text)


def test_the_filters_the_online_pages_use_read_these_labels():
    with translation.override("ru"):
        assert texts.role_name("cop") == str(texts.ROLES["cop"][0])
        assert texts.side_name("mafia") == "Мафия"
        assert mafia1923_texts.role_name("sheriff") == str(mafia1923_texts.ROLE_NAMES["sheriff"])
