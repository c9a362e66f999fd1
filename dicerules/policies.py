"""A policy saved as JSON: each seat's action probabilities by information state text.

The file is one JSON object with exactly the keys ``format`` (``FORMAT``), ``game``
(its registry name), ``rules`` (as a game record writes them), ``variant`` and
``iterations`` (how it was found, or null), ``exploitability`` (a number, or null)
and ``policies``: an object by seat (``"0"``, ``"1"`` ...) of objects by information
state text (``dicerules.tree``'s, which are the OpenSpiel adapter's) of objects by
action label (the game's notation) of probabilities. ``dicerules solve --out`` and
``dicerules.solvers.Policy.saved`` write it; the ``policy=FILE`` bot
(``dicerules.bots``) and ``dicerules.solvers`` read it.

``PolicyBot`` plays a policy from the views it is handed, by a table of each view's
action chances (``views_by_set`` finds each information set's views in a walked
tree, refusing a game whose views do not tell a seat's sets apart); it draws from
its own seeded random source, and plays a view not in its table uniformly (or, made
``strict``, refuses it).

Reading is strict: anything else (text that is not such JSON, another format number,
an unknown game, rules that are not the game's, a probability that is not a number
from 0 to 1, a set whose probabilities do not sum to 1 within ``TOLERANCE``) is a
RecordError naming what is wrong. Probabilities are written as Python writes floats,
so they read back exactly.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import attrs

from dicerules.bot import SeededBot
from dicerules.errors import (
    DiceRulesError,
    InvalidArgumentError,
    RecordError,
    WrongTypeError,
    shown,
)
from dicerules.game import AnyGame, get_game
from dicerules.records import rules_from_dict, rules_to_dict

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "TOLERANCE",
    "VARIANTS",
    "Chances",
    "PolicyBot",
    "SavedPolicy",
    "Tables",
    "views_by_set",
]

FORMAT: Final = 1
"""The policy file format this version writes and reads."""

VARIANTS: Final = ("cfr", "cfr+", "dcfr")
"""The variants of CFR that ``dicerules.solvers.CFR`` runs and a file may name."""

TOLERANCE: Final = 1e-9
"""How far from 1 an information set's probabilities may sum."""

MAX_BYTES: Final = 1 << 30
"""The largest policy file read (1 GiB): past it, a RecordError before any is parsed."""

_KEYS: Final = ("format", "game", "rules", "variant", "iterations", "exploitability", "policies")

Tables = dict[int, dict[str, dict[str, float]]]
"""Each seat's policy: by information state text, each action label's probability."""


@attrs.frozen(eq=False)
class SavedPolicy:
    """A policy of ``game`` (a registered game) under ``rules``, as a file holds it:
    ``policies[seat][text][label]`` the probability of an action, and how it was found
    (``variant``, ``iterations``, ``exploitability``: None where unknown)."""

    game: AnyGame
    rules: Any
    policies: Tables = attrs.field(repr=False)
    variant: str | None = None
    iterations: int | None = None
    exploitability: float | None = None

    def probabilities(self, seat: int, text: str) -> dict[str, float] | None:
        """The probability of each action at ``seat``'s information set ``text``, or
        None for a set the policy does not hold."""
        return self.policies.get(seat, {}).get(text)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the file."""
        return {
            "format": FORMAT,
            "game": self.game.name,
            "rules": rules_to_dict(self.rules),
            "variant": self.variant,
            "iterations": self.iterations,
            "exploitability": self.exploitability,
            "policies": {str(seat): texts for seat, texts in self.policies.items()},
        }

    def dumps(self) -> str:
        """The file's text: one line of JSON."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    def save(self, path: str | Path) -> None:
        """Write the file at ``path`` (replaced if it exists), as UTF-8."""
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def loads(cls, text: str | bytes) -> SavedPolicy:
        """The policy a file's text holds; RecordError for anything else."""
        if not isinstance(text, str | bytes):
            raise WrongTypeError(f"a saved policy is a str, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:  # bad JSON or UTF-8
            raise RecordError(f"not a saved policy: {shown(str(error))}") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> SavedPolicy:
        """The policy the file at ``path`` holds; RecordError for a file that is not
        one (OSError, as ``open`` raises it, for a file that cannot be read)."""
        with open(path, "rb") as file:
            text = file.read(MAX_BYTES + 1)
        if len(text) > MAX_BYTES:
            raise RecordError(f"{path} is larger than a saved policy may be ({MAX_BYTES:,} bytes)")
        try:
            return cls.loads(text)
        except RecordError as error:
            raise RecordError(f"{path}: {error}") from None

    @classmethod
    def from_dict(cls, data: object) -> SavedPolicy:
        """The policy of the file's JSON object ``data``; RecordError for anything else."""
        if not isinstance(data, dict) or set(data) != set(_KEYS):
            raise RecordError(f"a saved policy is an object of {', '.join(_KEYS)}")
        if data["format"] != FORMAT or isinstance(data["format"], bool):
            raise RecordError(
                f"format {shown(data['format'])} is not a policy format this version reads"
                f" ({FORMAT})"
            )
        if not isinstance(data["game"], str):
            raise RecordError(f"game must be a game's name, not {shown(data['game'])}")
        try:
            game = get_game(data["game"])
        except DiceRulesError as error:
            raise RecordError(str(error)) from None
        rules = rules_from_dict(game, data["rules"])
        variant, iterations, found = data["variant"], data["iterations"], data["exploitability"]
        if variant is not None and not isinstance(variant, str):
            raise RecordError(f"variant must be a str or null, not {shown(variant)}")
        if iterations is not None and (
            not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 0
        ):
            raise RecordError(f"iterations must be a whole number or null, not {shown(iterations)}")
        if found is not None and (
            not isinstance(found, int | float)
            or isinstance(found, bool)
            or not math.isfinite(found)
        ):
            raise RecordError(f"exploitability must be a number or null, not {shown(found)}")
        policies = _tables(data["policies"], game.seats(rules))
        return cls(
            game, rules, policies, variant, iterations, None if found is None else float(found)
        )


def _tables(data: object, seats: int) -> Tables:
    """The ``policies`` object read and checked: seats, texts, labels, probabilities."""
    if not isinstance(data, dict):
        raise RecordError("policies must be an object by seat")
    tables: Tables = {}
    for key, texts in data.items():
        if not key.isdigit() or not 0 <= int(key) < seats or key != str(int(key)):
            raise RecordError(
                f"policies: {shown(key)} is not a seat of the rules (0 to {seats - 1})"
            )
        if not isinstance(texts, dict):
            raise RecordError(f"policies of seat {key} must be an object by information state")
        for text, chances in texts.items():
            _check_set(key, text, chances)
        tables[int(key)] = texts
    return tables


def _check_set(seat: str, text: str, chances: object) -> None:
    where = f"seat {seat}'s information set {shown(text)}"
    if not isinstance(chances, dict) or not chances:
        raise RecordError(f"{where}: its probabilities must be an object by action label")
    for label, chance in chances.items():
        if (
            not isinstance(chance, int | float)
            or isinstance(chance, bool)
            or not 0 <= chance <= 1  # NaN fails this too
        ):
            raise RecordError(
                f"{where}: {shown(label)} has {shown(chance)}, not a probability from 0 to 1"
            )
    total = math.fsum(chances.values())
    if abs(total - 1) > TOLERANCE:
        raise RecordError(f"{where}: its probabilities sum to {total!r}, not 1")


# ------------------------------------------------------------------ playing one

Chances = tuple[tuple[Any, float], ...]
"""Each action of an information set with its probability, in the set's order."""


class PolicyBot(SeededBot):
    """A bot that plays ``chances[view]`` at each view it is handed: an action drawn
    with those probabilities from its own random source. A view not in ``chances`` is
    played uniformly over the legal actions, or refused if ``strict``."""

    name = "policy"

    def __init__(self, chances: Mapping[Any, Chances], seed: int, *, strict: bool = False) -> None:
        super().__init__(seed)
        self.chances = chances
        self.strict = strict

    def choose(self, view: object, legal_actions: tuple[Any, ...]) -> Any:
        """An action drawn with the policy's chances at ``view``'s information set."""
        chances = self.chances.get(view)
        if chances is None:
            if self.strict:
                raise InvalidArgumentError(
                    "the policy's tree has no turn with this view: play the rules it was found for"
                )
            return self.pick(legal_actions)
        played = [action for action, chance_of in chances if chance_of > 0]
        if not played:
            return self.pick(legal_actions)
        draw = self.random.random() * sum(chance_of for _, chance_of in chances)
        chosen = played[-1]  # should rounding leave the draw past the last chance
        for action, chance_of in chances:
            draw -= chance_of
            if draw < 0 and chance_of > 0:
                chosen = action
                break
        if chosen not in legal_actions:
            raise InvalidArgumentError(f"the policy chose {chosen!r}, which is not legal here")
        return chosen


def views_by_set(tree: Any) -> dict[tuple[int, int], list[Any]]:
    """The views each of a walked ``dicerules.tree.Tree``'s information sets is met
    with at its seat's turn, by seat and set number. InvalidArgumentError for a game
    whose views do not tell apart a seat's sets: a bot cannot play a policy from them."""
    wanted: dict[tuple[int, int], list[Any]] = {}
    for seat, by_view in enumerate(tree.by_view):
        for view, number in by_view.items():
            if number < 0:
                raise InvalidArgumentError(
                    f"{tree.game.name}'s views of seat {seat} do not tell apart its"
                    " information sets, so a bot cannot play a policy from them"
                )
            wanted.setdefault((seat, number), []).append(view)
    return wanted
