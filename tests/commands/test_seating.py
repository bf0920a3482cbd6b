"""``manage.py generate_seating``."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def run(*args):
    out = StringIO()
    call_command("generate_seating", *args, stdout=out)
    return json.loads(out.getvalue())


def test_prints_the_seating_as_json():
    data = run("--players", "23", "--tables", "2", "--rounds", "3", "--seed", "5")
    assert list(data) == ["players", "tables", "rounds", "seed", "seating", "quality"]
    assert (data["players"], data["tables"], data["rounds"], data["seed"]) == (23, 2, 3, 5)
    assert len(data["seating"]) == 3
    for rnd in data["seating"]:
        assert len(rnd) == 2
        assert all(len(table) == 10 for table in rnd)
        seated = [p for table in rnd for p in table]
        assert len(set(seated)) == 20 and all(1 <= p <= 23 for p in seated)
    assert data["quality"]["meetings"]["lower_bound"] >= 0
    assert data["quality"]["games"]["max"] - data["quality"]["games"]["min"] <= 1


def test_same_seed_same_output():
    args = ("--players", "21", "--tables", "2", "--rounds", "2", "--seed", "9")
    assert run(*args) == run(*args)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--players", "25", "--tables", "3", "--rounds", "2"), "need 30 players"),
        (("--players", "30", "--tables", "3", "--rounds", "0"), "at least one round"),
        (("--players", "30", "--tables", "0", "--rounds", "2"), "at least one table"),
        (("--players", "x", "--tables", "3", "--rounds", "2"), "invalid int value"),
        (("--tables", "3", "--rounds", "2"), "--players"),
    ],
)
def test_bad_arguments_are_a_clear_error(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("generate_seating", *args, stdout=StringIO())
