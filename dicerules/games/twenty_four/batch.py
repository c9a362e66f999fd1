"""Twenty-four over arrays: the engine's rules for many games at once (``dicerules.batch``).

One game a row, each set of dice one number. The dice just thrown and the
dice kept are counted by face, the counts the digits of a number in base 6
(``showing``, whose faces highest first are a scalar ``showing``; ``kept_counts``);
the kept dice, in the order they were kept, are the digits of a number in base 7
(``kept``, the first kept the lowest digit; so too ``last_dice``). The last finished
turn has arrays of its own (``last_*``; ``bonus`` holds the first bonus throw and
then the second, ``bonus_second`` dice of it). The dice
are the scalar engine's, drawn in its order (each first-stage throw, then the two
bonus throws) by ``dicerules.vector.roll``. Every Rules is played.

Measured (process time, 10,000 games, the two ways timed in turn): the dice as
numbers made ``batch.simulate`` 1.3 times as fast for ``house-rules`` and 1.45 for
``standard`` as rows of int8 dice and ``bincount`` (which had cost a keep, a stop and a
turn's bookkeeping most of a step), and 10 bytes a game fewer. Tried and left: a
step's dice in one or two rolls (the rest of a throw, both bonus throws and the next
turn's throw, extra dice drawn and not used), 3 to 13% slower, the rows of a roll as
wide as its widest; both bonus throws in one roll of ten, no difference. A turn is a
few decisions and up to three throws, so a third of the kernel's time is
``vector.roll``. Under rules without settlements none are copied.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from dicerules.games.twenty_four.engine import (
    DICE,
    LOW_SCORE,
    LOW_SCORE_PRIZE,
    SIDES,
    TARGET,
    Outcome,
    Rules,
)
from dicerules.kernels import Tables, by_most, seat_rows, tables
from dicerules.vector import Array, roll

__all__ = ["Kernel"]

Data = dict[str, Array]

# The action ids of encoding.distinct_actions: keep NxV at (V - 1) * 5 + N - 1, stop,
# then with settlements offer 1 to offer 30, no offer, accept, refuse.
_STOP = SIDES * DICE
_OFFER = _STOP + 1
_NO_OFFER = _OFFER + DICE * SIDES
_ACCEPT, _REFUSE = _NO_OFFER + 1, _NO_OFFER + 2
_FACES = np.arange(1, SIDES + 1)


_POWERS = (DICE + 1) ** np.arange(SIDES)
_THROWS = (DICE + 1) ** SIDES
"""The rows of the tables for the throw stage: the dice showing, counted by face, as the
digits of a number in base 6 (a face's count at most 5)."""
_DIGITS = (np.arange(_THROWS)[:, None] // _POWERS % (DICE + 1)).astype(np.int8)
"""Each number of counts by face (base 6), its counts (faces 1 to 6)."""
_FACE_POWERS = np.concatenate([[0], _POWERS])
"""A die's part of the counts of its throw, by its face (0: no die)."""
_PLACES = (SIDES + 1) ** np.arange(DICE + 1)
_SPANS = np.array([[_PLACES[at : at + n].sum() for n in range(DICE + 1)] for at in range(DICE + 1)])
"""The kept dice in base 7: ``_SPANS[start, n]`` times a face is n dice of it kept after
``start`` others."""


def _lying() -> Array:
    """Each throw's dice (by its counts), highest first, as kept dice in base 7 (0 for
    counts of more than five dice)."""
    lying = np.zeros(_THROWS, dtype=np.int64)
    for code in np.flatnonzero(_DIGITS.sum(axis=1) <= DICE):
        faces = np.repeat(_FACES[::-1], _DIGITS[code, ::-1])
        lying[code] = (faces * _PLACES[: faces.size]).sum()
    return lying


_LYING = _lying()
_SUMS = (_DIGITS * _FACES).sum(axis=1)
"""The total of the dice of each number of counts by face."""


def _counted(faces: Array) -> Array:
    """Each row's dice (0 past its last) counted by face, as one number (base 6)."""
    return _FACE_POWERS[faces].sum(axis=1)  # type: ignore[no-any-return]


def _unplaced(codes: Array, length: int) -> tuple[int, ...]:
    """The first ``length`` kept dice of a number in base 7."""
    return tuple(int(codes) // int(_PLACES[i]) % (SIDES + 1) for i in range(length))


_OFFERING = _THROWS  # and the five rows after it: an offer asked for, a target of 1 to 6
_ANSWERING = _OFFERING + SIDES
_OVER = _ANSWERING + 1
# The scalar order of a throw's keeps: by value, highest first, then by count.
_ORDER = np.concatenate(
    [np.arange(value * DICE, value * DICE + DICE) for value in range(SIDES - 1, -1, -1)]
)


@cache
def _tables(keep_rule: str, settlements: bool) -> tuple[Array, Array, Array]:
    """Each position's legal mask, its number of legal actions and their ids in the
    scalar ``legal_actions`` order (-1 past the last), one row a position: the throw
    stage by the dice showing (``_POWERS``), then an offer asked for, by its target,
    an offer to answer, and a game that is over."""
    width = _REFUSE + 1 if settlements else _STOP + 1
    counts = _DIGITS
    keeps = counts[:, :, None] >= np.arange(1, DICE + 1)
    if keep_rule == "highest":
        top = SIDES - 1 - np.argmax(counts[:, ::-1] > 0, axis=1)
        keeps &= (np.arange(SIDES) == top[:, None])[:, :, None]
    masks = np.zeros((_OVER + 1, width), dtype=bool)
    masks[:_THROWS, :_STOP] = keeps.reshape(_THROWS, -1)
    masks[:_THROWS, _STOP] = True
    if settlements:
        for target in range(1, SIDES + 1):
            masks[_OFFERING + target - 1, _OFFER : _OFFER + DICE * target] = True
            masks[_OFFERING + target - 1, _NO_OFFER] = True
        masks[_ANSWERING, [_ACCEPT, _REFUSE]] = True
    return tables(masks, np.concatenate([_ORDER, np.arange(_STOP, width)]))


class Kernel(Tables):
    """The kernel of twenty-four under ``rules`` (every preset and every Rules)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.masks, self.counts, self.nth = _tables(rules.keep_rule, rules.settlements)

    # ------------------------------------------------------------------ new games

    def new(self, seeds: Array) -> Data:
        p = self.players
        count = seeds.shape[0]

        def ints(*shape: int, fill: int = 0) -> Array:
            return np.full((count, *shape), fill, dtype=np.int64)

        def counted() -> Array:  # dice counted by face, base 6: below 6**6
            return np.zeros(count, dtype=np.int32)

        def placed() -> Array:  # dice in order, base 7: below 7**5
            return np.zeros(count, dtype=np.int16)

        data = {
            "seed": seeds, "position": np.zeros(count, dtype=np.uint64),
            "scores": ints(p), "turn": ints(), "roller": ints(), "to_act": ints(),
            "kept": placed(), "kept_len": ints(), "kept_counts": counted(), "showing": counted(),
            "stopped": np.zeros(count, dtype=bool), "target": ints(), "offerer": ints(fill=-1),
            "offer": ints(), "settled": ints(p), "has_last": np.zeros(count, dtype=bool),
            "last_turn": ints(), "last_roller": ints(),
            "last_dice": placed(),
            "last_stopped": np.zeros(count, dtype=bool), "last_target": ints(),
            "last_settled": ints(p), "bonus": np.zeros((count, 2 * DICE), dtype=np.int8),
            "bonus_second": ints(fill=-1), "last_count": ints(), "last_changes": ints(p),
        }  # fmt: skip
        rows = np.arange(count)
        self._start_turn(data, rows, np.ones(count, np.int64), ints(fill=self.rules.first_player))
        data["key"] = self._key(data)
        return data

    def _start_turn(self, out: Data, rows: Array, turn: Array, roller: Array) -> None:
        """Rule 1: the roller throws all five dice."""
        faces, position = roll(out["seed"][rows], out["position"][rows], DICE, SIDES)
        out["position"][rows] = position
        out["showing"][rows] = _counted(faces)
        out["turn"][rows] = turn
        out["roller"][rows] = roller
        out["to_act"][rows] = roller
        out["kept"][rows] = 0
        out["kept_len"][rows] = 0
        out["kept_counts"][rows] = 0
        out["stopped"][rows] = False
        self._clear(out, rows)

    def _clear(self, out: Data, rows: Array) -> None:
        out["target"][rows] = 0
        out["offerer"][rows] = -1
        out["offer"][rows] = 0
        if self.rules.settlements:  # else no seat ever settles: ``settled`` stays 0
            out["settled"][rows] = 0

    # ------------------------------------------------------------------ stepping

    def advance(self, data: Data, ids: Array, own: bool = False) -> Data:
        if own:  # the caller's alone: changed in place
            out = dict(data)
        else:
            out = {name: array if name == "seed" else array.copy() for name, array in data.items()}
        # Each kind of action on its games; the turns they end gathered, so that the
        # bonus throws and the next turn's throw are one roll each for all of them.
        keeps = np.flatnonzero((ids >= 0) & (ids < _STOP))
        ending = [self._keep(out, keeps, ids[keeps])]
        stops = np.flatnonzero(ids == _STOP)
        if stops.size:
            ending.append(self._stop(out, stops))
        bonus, ended = self._end_first_stage(out, np.concatenate(ending))
        offers = np.flatnonzero((ids >= _OFFER) & (ids < _NO_OFFER))
        if offers.size:
            out["offer"][offers] = ids[offers] - _OFFER + 1
            out["to_act"][offers] = out["roller"][offers]
        accepts = np.flatnonzero(ids == _ACCEPT)
        if accepts.size:
            seat, roller = out["offerer"][accepts], out["roller"][accepts]
            offer = out["offer"][accepts]
            out["settled"][accepts, seat] = offer
            out["scores"][accepts, seat] -= offer
            out["scores"][accepts, roller] += offer
        asks = np.flatnonzero((ids == _NO_OFFER) | (ids >= _ACCEPT))
        if asks.size:
            bonus = np.concatenate([bonus, self._next_offerer(out, asks)])
        if bonus.size:
            ended = np.concatenate([ended, self._bonus(out, bonus)])
        if ended.size:
            self._end_turn(out, ended)
        out["key"] = self._key(out)
        return out

    def _key(self, data: Data) -> Array:
        """Each game's row of the legal-action tables (kept as ``key``)."""
        key = np.where(data["offerer"] >= 0, _OFFERING + data["target"] - 1, data["showing"])
        key = np.where(data["offer"] > 0, _ANSWERING, key)
        return np.where(data["to_act"] < 0, _OVER, key)

    def _keep(self, out: Data, rows: Array, ids: Array) -> Array:
        """Rule 1: the kept dice are set aside and the others thrown again; the games
        with none left to throw (their first stage over), returned."""
        value, count = ids // DICE + 1, ids % DICE + 1
        start = out["kept_len"][rows]
        out["kept"][rows] += value * _SPANS[start, count]
        left = DICE - start - count
        out["kept_len"][rows] = start + count
        out["kept_counts"][rows] += count * _POWERS[value - 1]
        done = left == 0
        out["showing"][rows[done]] = 0
        out["stopped"][rows[done]] = False
        going, left = rows[~done], left[~done]
        if going.size:
            faces, position = roll(out["seed"][going], out["position"][going], left, SIDES)
            out["position"][going] = position
            out["showing"][going] = _counted(faces)
        return rows[done]  # type: ignore[no-any-return]

    def _stop(self, out: Data, rows: Array) -> Array:
        """Rule 1: every die counts where it lies (the dice showing, highest first): the
        games, their first stage over."""
        start = out["kept_len"][rows]
        showing = out["showing"][rows]
        out["kept"][rows] += _LYING[showing] * _PLACES[start]
        out["kept_len"][rows] = DICE
        out["kept_counts"][rows] += showing
        out["showing"][rows] = 0
        out["stopped"][rows] = True
        return rows

    def _end_first_stage(self, out: Data, rows: Array) -> tuple[Array, Array]:
        """Rule 2: score the total, or go on to the settlement or the bonus. The games
        that go to the bonus, and those whose turn is over, returned."""
        rules = self.rules
        stopped = out["stopped"][rows]
        bonus = rows[:0]
        total = _SUMS[out["kept_counts"][rows]]
        above = total > TARGET
        if above.any():
            high = rows[above]
            out["target"][high] = total[above] - TARGET
            if rules.settlements:
                left = (out["roller"][high] + 1) % self.players
                out["to_act"][high] = left
                out["offerer"][high] = left
                out["offer"][high] = 0
            else:
                bonus = high
        below = ~above
        rows, total, stopped = rows[below], total[below], stopped[below]
        low = rules.low_score_bonus
        prize = (total <= LOW_SCORE) & ((low == "any") | ((low == "full_play") & ~stopped))
        amount = np.where(prize, LOW_SCORE_PRIZE, total - TARGET)
        roller = out["roller"][rows]
        mine = roller[:, None] == np.arange(self.players)
        changes = np.where(mine, amount[:, None] * (self.players - 1), -amount[:, None])
        out["scores"][rows] += changes
        self._outcome(out, rows, changes)
        out["last_target"][rows] = 0
        out["bonus_second"][rows] = -1
        out["last_count"][rows] = 0
        return bonus, rows

    def _outcome(self, out: Data, rows: Array, changes: Array) -> None:
        """The turn's outcome as ``last``, but for its bonus (set by the caller)."""
        out["has_last"][rows] = True
        out["last_turn"][rows] = out["turn"][rows]
        out["last_roller"][rows] = out["roller"][rows]
        out["last_dice"][rows] = out["kept"][rows]
        out["last_stopped"][rows] = out["stopped"][rows]
        if self.rules.settlements:
            out["last_settled"][rows] = out["settled"][rows]
        out["last_changes"][rows] = changes

    def _next_offerer(self, out: Data, rows: Array) -> Array:
        """Rule 3: the next seat to the left is asked; after the last, the bonus throws
        (those games returned)."""
        seat = (out["offerer"][rows] + 1) % self.players
        last = seat == out["roller"][rows]
        asked = rows[~last]
        out["to_act"][asked] = seat[~last]
        out["offerer"][asked] = seat[~last]
        out["offer"][asked] = 0
        return rows[last]  # type: ignore[no-any-return]

    def _bonus(self, out: Data, rows: Array) -> Array:
        """Rule 4: two bonus throws; the unsettled seats pay d * c (or are paid d). The
        games, their turn over."""
        target = out["target"][rows]
        seed = out["seed"][rows]
        first, position = roll(seed, out["position"][rows], DICE, SIDES)
        aside = (first == target[:, None]).sum(axis=1)
        # The second throw: the dice not set aside (roll's 0s past a row's count never match).
        second, position = roll(seed, position, DICE - aside, SIDES)
        out["position"][rows] = position
        count = aside + (second == target[:, None]).sum(axis=1)
        bonus = np.zeros((rows.size, 2 * DICE), dtype=np.int8)
        bonus[:, :DICE] = first
        bonus[:, DICE : DICE + second.shape[1]] = second
        roller = out["roller"][rows]
        mine = roller[:, None] == np.arange(self.players)
        payers = ~mine
        if self.rules.settlements:
            settled = out["settled"][rows]
            payers &= settled == 0
        amount = target * count
        if self.rules.failed_bonus_pays:
            amount = np.where(count > 0, amount, -target)
        paid = np.where(payers, amount[:, None], 0)
        gain = np.where(mine, paid.sum(axis=1)[:, None], -paid)
        out["scores"][rows] += gain
        if self.rules.settlements:
            gain = gain + np.where(mine, settled.sum(axis=1)[:, None], -settled)
        self._outcome(out, rows, gain)
        out["last_target"][rows] = target
        out["bonus"][rows] = bonus
        out["bonus_second"][rows] = np.where(aside < DICE, DICE - aside, -1)
        out["last_count"][rows] = count
        return rows

    def _end_turn(self, out: Data, rows: Array) -> None:
        """Rule 5: the next seat to the left rolls, or the game is over."""
        turn = out["turn"][rows]
        over = turn == self.rules.turns
        ended = rows[over]
        out["to_act"][ended] = -1
        out["kept"][ended] = 0
        out["kept_len"][ended] = 0
        out["kept_counts"][ended] = 0
        out["showing"][ended] = 0
        out["stopped"][ended] = False
        self._clear(out, ended)
        more = ~over
        if more.any():
            roller = (out["roller"][rows[more]] + 1) % self.players
            self._start_turn(out, rows[more], turn[more] + 1, roller)

    # ------------------------------------------------------------------ reading

    def current_player(self, data: Data) -> Array:
        return data["to_act"]

    def scores(self, data: Data) -> Array:
        return data["scores"]

    def winners(self, data: Data) -> Array:
        return by_most(data["scores"], data["to_act"])

    def rounds(self, data: Data) -> Array | None:
        return None

    def observation(self, data: Data, seats: Array) -> Array:
        p = self.players
        count = data["to_act"].shape[0]
        at = np.arange(count)
        obs = np.zeros((count, 7 * p + 2 * SIDES + 4), dtype=np.float32)
        # The pieces of encoding.OBSERVATION, in order, written where they go.
        rows, seat = seat_rows(seats)
        obs[rows, seat] = 1
        obs[at, p + data["roller"]] = 1
        live = np.flatnonzero(data["to_act"] >= 0)
        obs[live, 2 * p + data["to_act"][live]] = 1
        obs[:, 3 * p : 4 * p] = data["scores"]
        obs[:, 4 * p] = data["turn"]
        start = 4 * p + 1
        obs[:, start : start + SIDES] = _DIGITS[data["kept_counts"]]
        obs[:, start + SIDES : start + 2 * SIDES] = _DIGITS[data["showing"]]
        start += 2 * SIDES
        obs[:, start] = data["stopped"]
        obs[:, start + 1] = data["target"]
        start += 2
        asking = np.flatnonzero(data["offerer"] >= 0)
        obs[asking, start + data["offerer"][asking]] = 1
        obs[:, start + p] = data["offer"]
        start += p + 1
        obs[:, start : start + p] = data["settled"]
        obs[:, start + p : start + 2 * p] = data["last_changes"]
        return obs

    def fields(self, data: Data, index: int) -> dict[str, object]:
        def ints(name: str) -> tuple[int, ...]:
            return tuple(data[name][index].tolist())

        def seat(name: str) -> int | None:
            value = int(data[name][index])
            return None if value < 0 else value

        showing = _DIGITS[data["showing"][index]]
        last = None
        if data["has_last"][index]:
            bonus: tuple[tuple[int, ...], ...] = ()
            second = int(data["bonus_second"][index])
            throws = ints("bonus")
            if int(data["last_target"][index]):
                bonus = (throws[:DICE],)
                if second >= 0:
                    bonus = (throws[:DICE], throws[DICE : DICE + second])
            last = Outcome(
                turn=int(data["last_turn"][index]),
                roller=int(data["last_roller"][index]),
                dice=_unplaced(data["last_dice"][index], DICE),
                stopped=bool(data["last_stopped"][index]),
                target=int(data["last_target"][index]),
                settled=ints("last_settled"),
                bonus=bonus,
                count=int(data["last_count"][index]),
                changes=ints("last_changes"),
            )
        return {
            "scores": ints("scores"),
            "turn": int(data["turn"][index]),
            "roller": int(data["roller"][index]),
            "to_act": seat("to_act"),
            "kept": _unplaced(data["kept"][index], int(data["kept_len"][index])),
            "showing": tuple(
                face for face in range(SIDES, 0, -1) for _ in range(int(showing[face - 1]))
            ),
            "stopped": bool(data["stopped"][index]),
            "target": int(data["target"][index]),
            "offerer": seat("offerer"),
            "offer": int(data["offer"][index]),
            "settled": ints("settled"),
            "last": last,
            "position": int(data["position"][index]),
        }
