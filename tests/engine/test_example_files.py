"""The example protocols the README's commands read (docs/examples/) are the engine's own examples."""

import json
from pathlib import Path

import pytest

from games.engine.examples import full_fiim_game, full_pro_mafia_game

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.mark.parametrize(("name", "example"), [("game.json", full_pro_mafia_game),
                                               ("fiim-game.json", full_fiim_game)])
def test_the_example_file_is_the_engines_example(name, example):
    assert json.loads((EXAMPLES / name).read_text()) == example().build()
