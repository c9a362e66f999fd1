"""dicerules.wire leaks nothing: for every game and preset, and for a game made to leak.

For each seat, states that differ only in what the seat may not know (its hidden dice
drawn afresh by ``resample_hidden``) give byte-identical view messages, events, stories
and moves; and no message holds the seed, the dice drawn so far or to come, or the
fields only another seat's view shows.
"""

from __future__ import annotations

import attrs
import pytest
from helpers import random_play, seeded_choice
from hypothesis import given, settings
from hypothesis import strategies as st
from wire_checks import CASES, valid

import dicerules
import dicerules.testing as dt
from dicerules import wire
from dicerules.games import liars_dice
from dicerules.narration import Narrator
from dicerules.streams import SeededStream

SEEDS = st.integers(10**15, 2**64 - 1)
"""Seeds of at least 16 digits: no message can hold one by chance."""


def _seats(game, state):
    return (None, *range(game.seats(state.rules)))


def _private(game, state, seat):
    """The fields of ``seat``'s view that the spectator's does not show, as JSON text."""
    own = wire.view(game, state, seat)["view"]
    public = wire.view(game, state, None)["view"]
    return {name: value for name, value in own.items() if value != public[name]}


def _run(dice):
    return ",".join(map(str, dice))


def leaks(game, states, actions, seat, seed):
    """What ``seat``'s messages along ``states`` show that the seat may not know."""
    found = []
    last = states[-1]
    message = valid(game, wire.view(game, last, seat))
    told = valid(game, wire.events_along(game, states, actions, seat))
    story = valid(game, wire.story_along(game, states, actions, seat))
    moves = valid(game, wire.moves(game, last, seat))
    text = "\n".join(wire.dumps(part) for part in (message, told, story, moves))
    twin_text = text
    resample = game.resample_hidden
    if resample is not None:
        twins = [resample(state, seat, SeededStream(n + 7)) for n, state in enumerate(states)]
        again = wire.dumps(wire.view(game, twins[-1], seat))
        if again != wire.dumps(message):
            found.append("the view message changed with hidden dice only")
        told_again = wire.dumps(wire.events_along(game, twins, actions, seat))
        if told_again != wire.dumps(told):
            found.append("the events changed with hidden dice only")
        story_again = wire.dumps(wire.story_along(game, twins, actions, seat))
        if story_again != wire.dumps(story):
            found.append("the story changed with hidden dice only")
        moves_again = wire.dumps(wire.moves(game, twins[-1], seat))
        if moves_again != wire.dumps(moves):
            found.append("the moves changed with hidden dice only")
        twin_text = "\n".join((again, told_again, story_again, moves_again))
    if str(seed) in text:
        found.append("the seed")
    drawn = last.tape.dice()
    if len(drawn) >= 12 and _run(drawn) in text:
        found.append("the dice drawn so far, in order")
    coming, _ = last.tape.stream.roll(12, 6)
    if _run(coming) in text:
        found.append("the dice to come")
    # Another seat's own dice (what its view shows and the spectator's does not), found
    # in this seat's messages and not in those of the twin, whose hidden dice differ.
    for other in _seats(game, last):
        if other in (None, seat):
            continue
        for name, value in _private(game, last, other).items():
            shown = wire.dumps(value)
            if shown in text and shown not in twin_text:
                found.append(f"seat {other}'s {name}")
    return found


def _game_of(draw, name, preset):
    game = dicerules.get_game(name)
    seed = draw(SEEDS, label="seed")
    steps = draw(st.integers(0, 40), label="steps")
    start = game.new_game(game.presets[preset], seed=seed)
    states = list(random_play(game, start, seeded_choice(draw(SEEDS)), steps))
    first = draw(st.integers(max(0, len(states) - 8), len(states) - 1), label="first state")
    states = states[first:]
    actions = game.history(states[-1])[len(game.history(states[0])) :]
    return game, seed, states, actions


@pytest.mark.parametrize(("name", "preset"), CASES)
@settings(max_examples=25)
@given(data=st.data())
def test_no_message_leaks(name: str, preset: str, data: st.DataObject) -> None:
    game, seed, states, actions = _game_of(data.draw, name, preset)
    for seat in _seats(game, states[0]):
        assert leaks(game, states, actions, seat, seed) == []


# ------------------------------------------------------------------ a game made to leak


@attrs.frozen
class LeakyView:
    """A seat's hand, and every cup in a field that views do not compare: equal views,
    and a message that shows every hand."""

    player: int | None
    hand: tuple[int, ...]
    to_act: int | None
    cups: tuple[tuple[int, ...], ...] = attrs.field(eq=False)


def leaky_view(state: liars_dice.State, player: int | None) -> LeakyView:
    """The leak: ``cups`` holds every seat's hand."""
    seen = liars_dice.view(state, player)
    return LeakyView(player, seen.hand, seen.to_act, state.hands)


# Liar's dice with the leaky view; the parts that read its own views are left out.
LEAKY = attrs.evolve(liars_dice.GAME, name="leaky-dice", view=leaky_view, round_of=None)
LEAKY = attrs.evolve(LEAKY, narrator=None, observation=None, information_state=None)


def test_a_leaky_view_is_caught() -> None:
    state = LEAKY.new_game(seed=10**15 + 1)
    twin = LEAKY.resample_hidden(state, 0, SeededStream(5))
    assert LEAKY.view(state, 0) == LEAKY.view(twin, 0)  # the views alone hide the leak
    found = leaks(LEAKY, [state], (), 0, 10**15 + 1)
    assert found[0] == "the view message changed with hidden dice only"
    assert set(found[1:]) and set(found[1:]) <= {"seat 1's hand", "seat 2's hand", "seat 3's hand"}
    with pytest.raises(
        AssertionError, match=r"the spectator's messages \(wire\.view\) show nothing"
    ):
        dt.check_state(LEAKY, state)


class CupsNarrator(Narrator[LeakyView]):
    """Tells every cup at each step: what the leaky view holds and should not."""

    def news(self, before: LeakyView | None, after: LeakyView) -> list[str]:
        return [f"Cups: {after.cups}."]


def test_a_story_told_from_a_leaky_view_is_caught() -> None:
    game = attrs.evolve(LEAKY, narrator=CupsNarrator)
    state = game.new_game(seed=10**15 + 3)
    after = game.apply(state, game.legal_actions(state)[0])
    found = leaks(game, [state, after], game.history(after), 0, 10**15 + 3)
    assert "the story changed with hidden dice only" in found


def test_check_game_catches_a_story_that_tells_hidden_dice(monkeypatch) -> None:
    """A story told from the states rather than the seat's views (every hand) fails
    check_game's messages check, though every view and message but it is sound."""
    told = wire.story_along

    def telling_hands(game, states, actions, seat):
        return [*told(game, states, actions, seat), {"step": 0, "lines": [str(states[-1].hands)]}]

    monkeypatch.setattr(wire, "story_along", telling_hands)
    game = liars_dice.GAME
    state = game.new_game(seed=10**15 + 3)
    action = game.legal_actions(state)[0]
    with pytest.raises(AssertionError, match=r"messages \(wire\.story\) show nothing"):
        dt.check_step(game, state, action, game.apply(state, action))


def test_check_game_catches_a_leaky_view() -> None:
    with pytest.raises(AssertionError, match=r"messages \(wire\.view\) show nothing it may not"):
        dt.check_game(LEAKY, max_examples=5, whole_games=0)


@pytest.mark.parametrize("name", ["pig", "cup-call"])
def test_check_game_checks_the_messages_of_plugin_games(name: str, monkeypatch) -> None:
    """check_game makes every seat's view message and events of a plugin game."""
    made = []
    view, events = wire.view, wire.events

    def counted_view(*args):
        made.append("view")
        return view(*args)

    def counted_events(*args):
        made.append("events")
        return events(*args)

    monkeypatch.setattr(wire, "view", counted_view)
    monkeypatch.setattr(wire, "events", counted_events)
    dt.check_game(dicerules.get_game(name), max_examples=3, whole_games=0)
    assert "view" in made and "events" in made
