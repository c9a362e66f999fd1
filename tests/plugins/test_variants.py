"""A variant made the natural way, ``attrs.evolve(GAME, name=..., apply=...)``, is a game
of its own: its states are of its own State class, so ``record`` names it and the
record replays under it, and a variant not registered is refused, not taken for its base.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import dicerules
import dicerules.game as registry
from dicerules import WrongTypeError
from dicerules.games import liars_dice as ld

BASE = ld.GAME


def no_ones(state: Any, action: Any) -> Any:
    """liars-dice where a bid on ones is refused (a different engine, same State)."""
    if type(action) is ld.Bid and action.face == 1:
        raise dicerules.IllegalActionError("no bids on ones in this variant")
    return ld.apply(state, action)


@pytest.fixture
def variant(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The variant ``no-ones``, registered for the test and taken back after it."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    yield dicerules.register(attrs.evolve(BASE, name="no-ones", apply=no_ones))


def played(game: Any) -> Any:
    state = game.new_game(seed=4)
    for _ in range(6):
        legal = game.legal_actions(state)
        state = game.apply(state, next(a for a in legal if getattr(a, "face", 0) != 1))
    return state


def test_a_registered_variant_is_recorded_under_its_name_and_replays(variant: Any) -> None:
    state = played(variant)
    assert type(state) is variant.State and type(state) is not BASE.State
    assert isinstance(state, BASE.State) and repr(state).startswith("State(")
    assert registry.game_of(state) is variant
    rec = dicerules.record(state)
    assert rec.game == "no-ones"
    again = dicerules.replay(dicerules.GameRecord.from_json(rec.to_json()))
    assert again == state and type(again) is variant.State
    with pytest.raises(dicerules.ReplayError):  # its engine, not the base's, replays it
        dicerules.replay(attrs.evolve(rec, actions=("1x1", *rec.actions[1:])))


def test_the_base_game_keeps_its_states(variant: Any) -> None:
    state = played(BASE)
    assert type(state) is BASE.State and registry.game_of(state) is BASE
    assert dicerules.record(state).game == "liars-dice"
    assert state != played(variant)  # the same dice and actions, another game


def test_an_unregistered_variant_is_refused_by_record_not_named_as_its_base() -> None:
    loose = attrs.evolve(BASE, name="not-registered", apply=no_ones)
    state = played(loose)
    with pytest.raises(WrongTypeError, match="'not-registered', which is not registered"):
        dicerules.record(state)


def test_variant_states_pickle_copy_and_evolve_as_themselves(variant: Any) -> None:
    state = played(variant)
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert copied == state and type(copied) is variant.State
    assert type(attrs.evolve(state)) is variant.State
    if variant.resample_hidden is not None:
        resampled = variant.resample_hidden(state, 0, dicerules.SeededStream(1))
        assert type(resampled) is variant.State


def test_a_variant_of_a_variant_and_a_copy_under_the_same_name(variant: Any) -> None:
    twice = attrs.evolve(variant, name="no-ones-again")
    state = played(twice)
    assert type(state) is twice.State and type(state) not in (variant.State, BASE.State)
    assert pickle.loads(pickle.dumps(state)) == state
    same = attrs.evolve(BASE, describe=None)  # same name: the same game's states
    assert same.State is BASE.State
