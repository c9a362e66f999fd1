"""dicerules.openspiel: the observers OpenSpiel asks for, and the bound on tensor size."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dicerules import GAMES

pyspiel = pytest.importorskip("pyspiel")
dos = pytest.importorskip("dicerules.openspiel")
observation = pytest.importorskip("open_spiel.python.observation")

TWO_BY_TWO = "players=2,dice_per_player=2,first_opener=seat0"


def _observer(game: Any, **kind: Any) -> Any:
    return observation.make_observation(
        game, pyspiel.IIGObservationType(**{"perfect_recall": False, **kind})
    )


def _played(name: str, params: str = "", steps: int = 30) -> Any:
    game = pyspiel.load_game(f"{dos.name_of(name)}({params})")
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_tensor_past_the_bound_is_refused_naming_it_and_the_observation() -> None:
    # liars-dice's own information state holds each round: a thousand calza rounds
    # of 100 dice of 20 sides pass the bound.
    params = "players=10,dice_per_player=10,sides=20,first_opener=seat0,calza=True"
    game = pyspiel.load_game(f"{dos.name_of('liars-dice')}({params})")
    total = dos.information_tensor_size(game.dgame, game.rules)
    assert total > dos.INFORMATION_TENSOR_LIMIT
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    for _ in range(100):
        state.apply_action(0)
    with pytest.raises(ValueError, match=f"{total:,} numbers, more than the 4,194,304"):
        state.information_state_tensor(0)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert state.information_state_string(0).startswith("seat 0")


@pytest.mark.parametrize("name", list(GAMES))
def test_every_preset_under_the_bound_keeps_its_tensor(name: str) -> None:
    game = GAMES[name]
    for rules in game.presets.values():
        total = dos.information_tensor_size(game, rules)
        spiel_game = dos.game(name, rules)
        provides = spiel_game.get_type().provides_information_state_tensor
        assert provides == (total is not None and total <= dos.INFORMATION_TENSOR_LIMIT)


def test_the_private_observer_shows_the_seat_s_own_dice_only() -> None:
    state = _played("liars-dice", TWO_BY_TWO, steps=5)  # four dice dealt, a bid made
    game = state.get_game()
    hands = dos.dicerules_state(state).hands
    private = _observer(game, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    public = _observer(game, public_info=True, private_info=pyspiel.PrivateInfoType.NONE)
    for seat in (0, 1):
        assert private.string_from(state, seat) == f"player={seat} hand={hands[seat]!r}"
        private.set_from(state, seat)
        public.set_from(state, 0)
        seen = _observer(game)
        seen.set_from(state, seat)
        # the seat's encoding is what everyone sees and what only it sees, together
        assert list(private.tensor + public.tensor) == pytest.approx(list(seen.tensor))
    assert "hand" not in public.string_from(state, 0).replace("hand=()", "")


@pytest.mark.parametrize(
    "game_string",
    [
        f"{dos.name_of('liars-dice')}(players=2,dice_per_player=1,first_opener=seat0)",
        f"{dos.name_of('twenty-four')}(players=2)",
    ],
)
# OpenSpiel's generate_playthrough formats tensors with numpy.char, whose chararray
# NumPy 2.5 deprecates (Python 3.13's NumPy): a warning of theirs, not of ours.
@pytest.mark.filterwarnings("ignore:The chararray class is deprecated:DeprecationWarning")
def test_generate_playthrough_asks_for_observers_we_have(game_string: str) -> None:
    from open_spiel.python.algorithms import generate_playthrough

    lines = generate_playthrough.playthrough_lines(game_string, seed=1)
    assert any(line.startswith("PrivateObservationString(1) = ") for line in lines)
    assert lines[-1].startswith("Returns() = ")
