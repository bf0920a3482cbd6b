"""Setups are data: loaded from dicts or JSON; the setup's own rules take precedence."""

import json

import pytest

from online.engine import RuleError, load_setup
from online.engine.forum import OPTIONS

BASE = {
    "name": "Mini",
    "ruleset": "forum",
    "roles": [{"role": "cop"}, {"role": "mafia_goon"}, {"role": "townie", "count": 2}],
}


def test_a_setup_loads_from_a_dict_or_json_with_the_ruleset_s_defaults():
    setup = load_setup(json.dumps(BASE))
    assert setup == load_setup(BASE)
    assert [entry.role for entry in setup.entries] == ["cop", "mafia_goon", "townie", "townie"]
    assert dict(setup.options) == {key: default for key, (_, default) in OPTIONS.items()}


def test_the_setup_s_own_options_take_precedence():
    setup = load_setup(
        {**BASE, "options": {"day_start": True, "day_hours": 72, "mandatory_lynch": True}}
    )
    assert setup.option("day_start") is True and setup.option("day_hours") == 72
    assert setup.option("night_hours") == 24


def test_a_setup_round_trips_through_its_normal_form():
    setup = load_setup(
        {
            **BASE,
            "sides": {"yakuza": {"name": "Yakuza", "kind": "scum"}},
            "roles": [
                *BASE["roles"],
                {"role": "mafia_goon", "side": "yakuza"},
                {"role": "vigilante", "uses": 2},
            ],
        }
    )
    assert load_setup(setup.to_dict()) == setup
    assert setup.to_dict()["roles"][2] == {"role": "townie", "side": "town", "count": 2}


def test_a_second_scum_team_is_a_side_of_its_own():
    setup = load_setup(
        {
            **BASE,
            "sides": {"yakuza": {"name": "Yakuza", "kind": "scum"}},
            "roles": [*BASE["roles"], {"role": "mafia_goon", "side": "yakuza"}],
        }
    )
    assert setup.entries[-1].side == "yakuza"
    assert setup.side("yakuza").thread and setup.side("yakuza").knows_members


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"ruleset": "chess"}, "setup.unknown-ruleset"),
        ({"roles": []}, "setup.roles"),
        ({"roles": [{"role": "jester"}]}, "setup.unknown-role"),
        ({"roles": [{"role": "cop", "count": 0}]}, "setup.count"),
        ({"roles": [{"role": "cop", "count": 2}]}, "setup.too-small"),
        ({"roles": [{"role": "cop", "copies": 3}]}, "setup.roles"),
        ({"roles": [{"role": "townie", "uses": 1}, {"role": "cop", "count": 2}]}, "setup.uses"),
        ({"roles": [{"role": "cop", "side": "mafia", "count": 3}]}, "setup.side-kind"),
        ({"roles": [{"role": "cop", "side": "elves", "count": 3}]}, "setup.unknown-side"),
        ({"options": {"day_strat": True}}, "setup.unknown-option"),
        ({"options": {"day_hours": 0}}, "setup.option-type"),
        ({"options": {"day_start": "yes"}}, "setup.option-type"),
        ({"sides": {"elves": {"kind": "fairy"}}}, "setup.side-kind"),
        ({"sides": {"a#b": {"kind": "scum"}}}, "setup.sides"),
        ({"players": 9}, "setup.unknown-field"),
    ],
)
def test_a_setup_the_ruleset_cannot_play_is_refused(change, rule):
    with pytest.raises(RuleError) as refused:
        load_setup({**BASE, **change})
    assert refused.value.rule == rule


def test_a_setup_that_is_not_an_object_is_refused():
    for data, rule in (("{nope", "setup.not-json"), ("[1]", "setup.not-an-object")):
        with pytest.raises(RuleError) as refused:
            load_setup(data)
        assert refused.value.rule == rule
