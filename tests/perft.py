"""Perft, as every tests/games/*/test_perft_*.py counts it, the states it counts from, and dice.

Definition (as python-chess's perft, with finished games as leaves)::

    perft(s, 0) = 1
    perft(s, d) = 1                                  if s is terminal (d > 0)
    perft(s, d) = sum(perft(apply(s, a), d - 1) for a in legal_actions(s))   otherwise

The game is the registered one whose states are of ``s``'s type. The last ply is
counted by the length of the legal list, which is the same number.

``seeded_dice`` is for the brute-force models that draw their own dice: the reference
SplitMix64 of ``helpers``, written from API.md, not dicerules' code; ``draw`` and
``to_the_left`` are what the models that carry a stream share. ``Case`` is a
pinned count, and ``perft_tests(cases, model_perft)`` the two tests every game's
file makes of its cases: the engine's count, and its brute-force model's;
``model_of`` makes a model's ``model_state`` and ``model_perft`` from its new game,
moves and play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NamedTuple, TypeVar

import pytest
from helpers import ref_roll

import dicerules
from dicerules import SeededStream
from dicerules.game import game_of

P = TypeVar("P")
M = TypeVar("M")


def perft(state: Any, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``state`` (see above)."""
    game = game_of(state)
    return perft_over(state, depth, game.legal_actions, game.apply)


def perft_over(
    position: P, depth: int, moves: Callable[[P], Sequence[M]], play: Callable[[P, M], P]
) -> int:
    """Perft over any ``moves`` and ``play``: the engine's, or a brute-force model's
    (a position with no moves is a finished game)."""
    legal = moves(position)
    if depth == 0 or not legal:
        return 1
    if depth == 1:
        return len(legal)
    return sum(perft_over(play(position, move), depth - 1, moves, play) for move in legal)


def model_of(
    new_game: Callable[[Any, int], P],
    moves: Callable[[P], Sequence[str]],
    play: Callable[[P, str], P],
) -> tuple[Callable[[Any, int, Sequence[str]], P], Callable[[P, int], int]]:
    """A brute-force model's ``model_state(rules, seed, prefix)``, its new game then
    each move of ``prefix`` (each one of its moves there), and ``model_perft(position,
    depth)``, perft over its moves."""

    def model_state(rules: Any, seed: int, prefix: Sequence[str]) -> P:
        position = new_game(rules, seed)
        for move in prefix:
            assert move in moves(position), (move, moves(position))
            position = play(position, move)
        return position

    def model_perft(position: P, depth: int) -> int:
        return perft_over(position, depth, moves, play)

    return model_state, model_perft


def engine_state(rules: Any, seed: int, prefix: Sequence[str]) -> Any:
    """A new game of ``rules`` from ``seed``, then each action of ``prefix`` (in notation).

    The game is the registered one whose Rules class ``rules`` is an instance of.
    """
    (game,) = [game for game in dicerules.GAMES.values() if type(rules) is game.Rules]
    state = game.new_game(rules, seed=seed)
    for text in prefix:
        state = game.apply(state, game.parse_action(state, text))
    return state


@cache
def seeded_dice(seed: int) -> tuple[int, ...]:
    """The first 2000 six-sided dice of a seeded stream, by the reference SplitMix64."""
    return ref_roll(seed, 0, 2000, 6)[0]


def draw(stream: SeededStream, sides: int = 6) -> tuple[int, SeededStream]:
    """One die of ``sides`` from ``stream``, and the stream after it."""
    (die,), stream = stream.roll(1, sides)
    return die, stream


def to_the_left(present: Sequence[object], seat: int) -> int:
    """The first seat to the left of ``seat`` (seat + 1, + 2, ...) that is ``present``."""
    for step in range(1, len(present) + 1):
        other = (seat + step) % len(present)
        if present[other]:
            return other
    raise AssertionError("no seat is present")


class Case(NamedTuple):
    """A pinned perft: from ``engine_state(rules, seed, prefix)``, a count by depth."""

    name: str
    rules: Any
    seed: int
    prefix: tuple[str, ...]
    counts: dict[int, int]  # depth -> perft
    closed_form: tuple[int, int] | None = None  # liar's dice: (N, M) where it applies


Test = Callable[..., None]


def perft_tests(
    cases: Sequence[Case],
    model_state: Callable[[Any, int, tuple[str, ...]], P],
    model_perft: Callable[[P, int], int],
) -> tuple[Test, Test]:
    """``test_engine_perft`` and ``test_independent_brute_force`` at every pinned depth.

    The first counts with the engine (``perft``), the second with a brute force
    written from the rules alone: ``model_perft(model_state(rules, seed, prefix),
    depth)``; both must give the pin.
    """
    points = [
        pytest.param(case, depth, id=f"{case.name}-depth{depth}")
        for case in cases
        for depth in sorted(case.counts)
    ]

    @pytest.mark.parametrize(("case", "depth"), points)
    def test_engine_perft(case: Case, depth: int) -> None:
        state = engine_state(case.rules, case.seed, case.prefix)
        assert perft(state, depth) == case.counts[depth]

    @pytest.mark.parametrize(("case", "depth"), points)
    def test_independent_brute_force(case: Case, depth: int) -> None:
        position = model_state(case.rules, case.seed, case.prefix)
        assert model_perft(position, depth) == case.counts[depth]

    return test_engine_perft, test_independent_brute_force


def alike_test(
    cases: Sequence[Case],
    model_state: Callable[[Any, int, tuple[str, ...]], P],
    alike: Callable[[Case, Any, P], None],
) -> Test:
    """``test_model_and_engine_start_alike``: ``alike(case, state, position)`` asserts,
    for each case, that the brute force counts from the engine's position."""

    @pytest.mark.parametrize("case", cases, ids=[case.name for case in cases])
    def test_model_and_engine_start_alike(case: Case) -> None:
        state = engine_state(case.rules, case.seed, case.prefix)
        alike(case, state, model_state(case.rules, case.seed, case.prefix))

    return test_model_and_engine_start_alike
