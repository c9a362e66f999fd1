"""``apply`` checks an action's field types, not only its values.

An action object can hold fields its class would never accept (built with
``object.__new__`` and ``object.__setattr__``, as unpickling untrusted bytes can):
``Bid(2.5, 2)``, a 1.0 for a 1, a 0 for False. ``apply`` refuses every such action
with InvalidActionError, even where the forged action equals a legal one, and the
state is left as it was. Generic over the registered games.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import dicerules
from dicerules import InvalidActionError, SeededStream, record, replay


def forged(action: Any, name: str, value: object) -> Any:
    """``action`` with field ``name`` set to ``value``, no validator run."""
    fake = object.__new__(type(action))
    for field in attrs.fields(type(action)):
        object.__setattr__(fake, field.name, getattr(action, field.name))
    object.__setattr__(fake, name, value)
    return fake


def wrong_values(value: object) -> Iterator[object]:
    """Values of another type than ``value``'s, some equal to it."""
    if type(value) is bool:
        yield int(value)
        yield float(value)
    elif type(value) is int:
        yield float(value)
        yield value + 0.5
        yield bool(value) if value in (0, 1) else str(value)
        yield str(value)
    elif type(value) is str:
        yield value.encode()
        yield 0
    yield None


def states(game: Any, seed: int, steps: int) -> Iterator[Any]:
    state = game.new_game(seed=seed)
    chooser = SeededStream(seed)
    for _ in range(steps):
        if game.is_terminal(state):
            return
        yield state
        legal = game.legal_actions(state)
        (index,), chooser = chooser.roll(1, len(legal))
        state = game.apply(state, legal[index - 1])


@pytest.mark.parametrize("name", list(dicerules.GAMES))
def test_apply_refuses_an_action_whose_fields_have_the_wrong_type(name: str) -> None:
    game = dicerules.get_game(name)
    tried = 0
    for seed in range(4):
        for state in states(game, seed, 60):
            before = record(state)
            for action in game.legal_actions(state):
                for field in attrs.fields(type(action)):
                    for value in wrong_values(getattr(action, field.name)):
                        fake = forged(action, field.name, value)
                        with pytest.raises(InvalidActionError):
                            game.apply(state, fake)
                        tried += 1
            assert record(state) == before
            assert replay(before) == state
    if tried == 0:
        pytest.skip(f"{name}'s actions have no fields")


def test_a_bid_of_two_and_a_half_is_refused() -> None:
    # The example, by name: the fields of every game's actions are tried above.
    for game in dicerules.GAMES.values():
        state = game.new_game(seed=0)
        for action in game.legal_actions(state):
            for field in attrs.fields(type(action)):
                if type(getattr(action, field.name)) is int:
                    with pytest.raises(InvalidActionError):
                        game.apply(state, forged(action, field.name, 2.5))
