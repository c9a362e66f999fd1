"""Write the golden messages of dicerules.wire: one file per registered game and preset.

Regenerate every file (from the repository root, with dicerules installed)::

    python tests/wire/golden.py

``--check`` writes nothing: it names every file that would change and exits 1.

Each file ``golden/<game>-<preset>.jsonl`` holds one seeded game of at most STEPS
actions, each chosen by a die (``helpers.seeded_choice``), one JSON value a line, as
``wire.dumps`` writes it: first a header (the game, the preset, the seeds, the
actions taken), then, for the spectator and for each seat in turn, its view message
at the start, halfway and at the last step, and its events from the start to the
last step. ``test_wire_golden.py`` compares them byte for byte: a change to any of
them changes what apps are sent, and is a new ``wire.FORMAT``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from helpers import random_play, seeded_choice  # noqa: E402

import dicerules  # noqa: E402
from dicerules import wire  # noqa: E402

GAME_SEED = 20261203
CHOOSER_SEED = 33
STEPS = 30


def path(name: str, preset: str) -> Path:
    """The file of ``name``'s ``preset``."""
    return HERE / "golden" / f"{name}-{preset}.jsonl"


def render(name: str, preset: str) -> str:
    """The text of ``name``'s ``preset`` file."""
    game = dicerules.get_game(name)
    start = game.new_game(game.presets[preset], seed=GAME_SEED)
    states = list(random_play(game, start, seeded_choice(CHOOSER_SEED), STEPS))
    middle, last = states[len(states) // 2], states[-1]
    header = {
        "game": name,
        "preset": preset,
        "game_seed": GAME_SEED,
        "chooser_seed": CHOOSER_SEED,
        "actions": [game.format_action(action) for action in game.history(last)],
    }
    lines = [wire.dumps(header)]
    for seat in (None, *range(game.seats(start.rules))):
        lines.extend(wire.dumps(wire.view(game, state, seat)) for state in (start, middle, last))
        lines.append(wire.dumps(wire.events(game, start, last, seat)))
    return "\n".join(lines) + "\n"


def cases() -> list[tuple[str, str]]:
    """Every registered game and preset."""
    return [(name, preset) for name, game in dicerules.GAMES.items() for preset in game.presets]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 on a change")
    args = parser.parse_args(argv)
    changed = []
    for name, preset in cases():
        text = render(name, preset)
        file = path(name, preset)
        if file.exists() and file.read_text() == text:
            continue
        changed.append(file.name)
        if not args.check:
            file.write_text(text)
    for name in changed:
        print(("would change " if args.check else "wrote ") + name)
    return 1 if changed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
