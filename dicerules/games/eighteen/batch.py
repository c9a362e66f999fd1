"""Eighteen over arrays: the engine's rules for many games at once (``dicerules.batch``).

One game a row. Each seat's dice this round are kept in the order rolled (``hands``,
seats x six places, ``hand_len`` of them used, their sum in ``totals``), the round's
turn order as seats (``order``, -1 past ``order_len``), the house's six dice sorted
(``house_dice``: the three discards, then the roost). Of the rounds scored by the
last step that scored any, the last is kept whole (``last_*``) and the others
counted (``results_len``). The house choice and the lightning round are played out
as the scalar engine plays them, their dice drawn, but only their outcomes kept (the
house, the winners). The dice are the scalar engine's, drawn in its order by
``dicerules.vector.roll``: the house choice a pass at a time; each round the house's
six dice and the first player's three in one roll (a round a roost of 18 ends uses
only the six); one a ``roll``, three when a turn passes; a lightning round's steps
from one roll a game. Every Rules is played.

Measured (process time of 40,000 games in 10,000 rows, each kernel beside the one
before in the same minutes, at a load of 4 to 5): ``standard`` 1.19 times faster a
game, ``twenty-three`` 1.5, ``hosted`` 1.26, by: the turn order and the next seat in
read from tables made once, by house, first player and the set of seats out, a bit a
seat (1.2 MB for 8 players, made in 14 ms; argsort and ``take_along_axis`` a round
before: ``twenty-three``, whose seats go out, gained the most); rows of two axes taken
and set as blocks of bytes (``kernels.take_rows``, ``kernels.put_rows``); counts over
seats added a seat at a time (``kernels.seat_sum``; the players ranked below each
player so too, twice as fast as counting a short last axis); a round that a roost of
18 ends leaving its players' empty hands alone; a lightning round rolling 16 steps'
dice at once (8 before: a tenth of them rolled more). What is left: a roost of 18 ends
a round in one game in sixteen, and the rounds that follow are played at once, a few
passes a step of few rows each, whose fixed cost was an eighth of the time before
these; ``vector.roll``; the lightning round played a game at a time (a few games a
call, for about 8 steps each: over arrays, its steps' NumPy calls would cost more than
its Python).
"""

from __future__ import annotations

import numpy as np

from dicerules.games.eighteen.engine import BUST, HAND_LIMIT, RoundResult, Rules
from dicerules.kernels import flat, put_rows, seat_rows, seat_sum, take_rows
from dicerules.vector import Array, pick, roll

__all__ = ["Kernel"]

Data = dict[str, Array]

# The action ids of encoding.distinct_actions, which is also legal_actions' order.
_ROLL, _STAND = 0, 1
_SIDES = 6
_FACES = np.arange(1, _SIDES + 1, dtype=np.int8)
_LIGHTNING_STEPS = 16
"""The lightning steps' dice rolled at once (most lightning rounds take fewer)."""


def _triples() -> Array:
    """Three dice (0 for no die) as one index, ``49 * a + 7 * b + c``: their counts by face."""
    dice = np.indices((_SIDES + 1,) * 3).reshape(3, -1).T
    return (dice[:, :, None] == _FACES).sum(axis=1).astype(np.float32)  # type: ignore[no-any-return]


_TRIPLES = _triples()
"""The counts by face of every three dice: ``_counted`` looks each three up at once."""


def _counted(dice: Array) -> Array:
    """``dice`` (0 for no die; three or six along the last axis) counted by face along
    the last axis: one more axis of 6 (float32, as the observation holds them)."""
    width = dice.shape[-1]
    counts = None
    for first in range(0, width, 3):
        three = dice[..., first : first + 3].astype(np.int16)
        index = three[..., 0] * 49 + three[..., 1] * 7 + three[..., 2]
        looked = _TRIPLES.take(index, axis=0)
        counts = looked if counts is None else counts + looked
    assert counts is not None and width % 3 == 0
    return counts


def _used(seeds: Array, start: Array, after: Array, width: int, used: Array | int) -> Array:
    """The stream positions after the first ``used`` dice of ``width`` that ``roll``
    drew from ``start`` and left at ``after``: one draw a die, but in a row that met
    a rejected draw, which is rolled again to count it."""
    exact = start + np.asarray(used, dtype=np.uint64)
    odd = np.flatnonzero(after != start + np.uint64(width))
    if odd.size:
        counts = np.broadcast_to(np.asarray(used, dtype=np.int64), start.shape)[odd]
        exact[odd] = roll(seeds[odd], start[odd], counts, _SIDES)[1]
    return exact


def _most(points: Array, seats: Array) -> Array:
    """Games x seats: the seats of ``seats`` (bool) with the most points among them."""
    high = np.where(seats, points, np.iinfo(np.int64).min).max(axis=1, keepdims=True)
    return seats & (points == high)  # type: ignore[no-any-return]


class Kernel:
    """The kernel of eighteen under ``rules`` (every preset and every Rules)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = p = rules.players
        self.permanent = -1 if rules.permanent_house is None else rules.permanent_house
        self.seats = np.arange(p)
        self.can_win = self.seats != self.permanent
        """The seats that may win and be out: all but a permanent house."""
        steps = np.arange(p)
        self.bits = 1 << self.seats
        """Each seat's bit in a set of seats out (``_gone``)."""
        self.sets = sets = 2**p
        every = np.arange(sets)[:, None]
        # [house, first, set out, k]: the k-th seat to the left of the first player, and
        # whether it plays (every seat in but the house).
        ahead = (self.seats[:, None, None] + steps) % p
        plays = (every >> ahead & 1 == 0) & (ahead != self.seats[:, None, None, None])
        ranked = np.argsort(~plays, axis=3, kind="stable")
        turns = np.take_along_axis(np.broadcast_to(ahead, plays.shape), ranked, axis=3)
        many = np.count_nonzero(plays, axis=3)
        orders = np.where(steps < many[..., None], turns, -1)
        self.orders, self.order_lens = orders.reshape(-1, p), many.reshape(-1)
        """Rule 5's turn order (seats, -1 past the last) and its length, at
        ``(house * players + first) * 2**players + set out``."""
        # [skip + 1, seat, set out]: the next seat to the left of ``seat`` that is in
        # and is not ``skip`` (-1: none skipped).
        ahead = (self.seats[:, None, None] + 1 + steps) % p
        free = (every >> ahead & 1 == 0) & (ahead != np.arange(-1, p)[:, None, None, None])
        self.next_seat = np.take_along_axis(
            np.broadcast_to(ahead, free.shape), np.argmax(free, axis=3)[..., None], axis=3
        ).reshape(-1)
        """``_next_in``'s table, at ``((skip + 1) * players + seat) * 2**players + set out``."""

    # ------------------------------------------------------------------ new games

    def new(self, seeds: Array) -> Data:
        p, rules = self.players, self.rules
        count = seeds.shape[0]

        def ints(*shape: int, fill: int = 0) -> Array:
            return np.full((count, *shape), fill, dtype=np.int64)

        def dice(*shape: int) -> Array:
            return np.zeros((count, *shape), dtype=np.int8)

        data = {
            "seed": seeds, "position": np.zeros(count, dtype=np.uint64),
            "points": ints(p, fill=rules.start_points), "out": np.zeros((count, p), dtype=bool),
            "round": ints(fill=1), "house": ints(), "first": ints(),
            "order": ints(p, fill=-1), "order_len": ints(), "turn": ints(),
            "to_act": ints(), "hands": dice(p, HAND_LIMIT), "hand_len": dice(p), "totals": ints(p),
            "house_dice": dice(6), "winners": np.zeros((count, p), dtype=bool),
            "results_len": ints(), "last_round": ints(), "last_house": ints(),
            "last_house_dice": dice(6), "last_hands": dice(p, HAND_LIMIT),
            "last_changes": ints(p),
        }  # fmt: skip
        rows = np.arange(count)
        if self.permanent < 0:
            house = self._choose_house(data, rows)
        else:
            house = np.full(count, self.permanent, dtype=np.int64)
        data["house"][:] = house
        data["first"][:] = (house + 1) % p
        self._play_rounds(data, rows)
        return data

    def _choose_house(self, out: Data, rows: Array) -> Array:
        """Rule 1: three dice a contending seat in seat order, until one total is highest."""
        p = self.players
        house = np.zeros(rows.size, dtype=np.int64)
        at = np.arange(rows.size)  # the games still choosing, by their place in ``rows``
        contenders = np.ones((rows.size, p), dtype=bool)
        while at.size:
            games = rows[at]
            many = contenders.sum(axis=1)
            rolled, position = roll(out["seed"][games], out["position"][games], 3 * many, _SIDES)
            out["position"][games] = position
            width = rolled.shape[1] // 3
            sums = rolled.reshape(at.size, width, 3).sum(axis=2)
            # The k-th contender's seat: the contenders' seats come first, in seat order.
            seat = np.argsort(~contenders, axis=1, kind="stable")[:, :width]
            totals = np.full((at.size, p), -1, dtype=np.int64)
            taken = np.arange(width) < many[:, None]
            totals[np.nonzero(taken)[0], seat[taken]] = sums[taken]
            contenders = totals == totals.max(axis=1, keepdims=True)
            chosen = contenders.sum(axis=1) == 1
            house[at[chosen]] = np.argmax(contenders[chosen], axis=1)
            at, contenders = at[~chosen], contenders[~chosen]
        return house

    def _gone(self, gone: Array) -> Array:
        """Each game's seats out (games x seats, bool) as a set, a bit a seat."""
        bits: Array = gone @ self.bits
        return bits

    def _next_in(self, gone: Array, seat: Array, skip: Array | int) -> Array:
        """The next seat to the left of ``seat`` that is in and is not ``skip``; ``gone``:
        each game's seats out as a set (``_gone``)."""
        at = ((np.asarray(skip) + 1) * self.players + seat) * self.sets + gone
        return self.next_seat[at]  # type: ignore[no-any-return]

    def _play_rounds(self, out: Data, rows: Array) -> None:
        """Rules 3 and 4: start a round in each game of ``rows`` (its round, house and
        first player set), playing out at once every round a roost of 18 ends."""
        p, rules = self.players, self.rules
        seeds, fresh = out["seed"], True
        while rows.size:
            # The house's six dice and the first player's three in one roll: a round
            # a roost of 18 ends uses only the six.
            start = out["position"][rows]
            rolled, position = roll(seeds[rows], start, 9, _SIDES)
            ordered = rolled[:, :6].astype(np.int8)
            ordered.sort(axis=1)
            put_rows(out["house_dice"], rows, ordered)
            house, gone = out["house"][rows], take_rows(out["out"], rows)
            # Rule 5's turn order: the seats in, but the house, from the first player on.
            at = (house * p + out["first"][rows]) * self.sets
            if gone.any():
                at += self._gone(gone)
            order, many = take_rows(self.orders, at), self.order_lens[at]
            put_rows(out["order"], rows, order)
            out["order_len"][rows] = many
            if fresh:  # the later passes' rounds, which a roost of 18 ended, hold no dice
                out["turn"][rows] = 0
                put_rows(out["hands"], rows, 0)
                put_rows(out["hand_len"], rows, 0)
                put_rows(out["totals"], rows, 0)
                fresh = False
            ended = ordered[:, 3] + ordered[:, 4] + ordered[:, 5] == BUST
            going = rows[~ended]
            if going.size:
                out["position"][going] = position[~ended]
                first = order[~ended, 0]
                cell = going * p + first
                hand = rolled[~ended]
                flat(out, "hands").reshape(-1, HAND_LIMIT)[cell, :3] = hand[:, 6:]
                flat(out, "hand_len")[cell] = 3
                flat(out, "totals")[cell] = hand[:, 6] + hand[:, 7] + hand[:, 8]
                out["to_act"][going] = first
            rows = rows[ended]
            if not rows.size:
                break
            out["position"][rows] = _used(seeds[rows], start[ended], position[ended], 9, 6)
            changes = np.zeros((rows.size, p), dtype=np.int64)
            if rules.roost18_players_lose:
                # The players by seat (``order`` is in turn order): every seat in but the house.
                changes -= ~gone[ended] & (self.seats != house[ended][:, None])
                changes.reshape(-1)[np.arange(0, changes.size, p) + house[ended]] += many[ended]
            self._scored(out, rows, changes)
            rows = self._end_round(out, rows)

    # ------------------------------------------------------------------ stepping

    def advance(self, data: Data, ids: Array, own: bool = False) -> Data:
        if own:  # the caller's alone: changed in place
            out = dict(data)
        else:
            out = {name: array if name == "seed" else array.copy() for name, array in data.items()}
        ending = np.flatnonzero(ids == _STAND)
        rolls = np.flatnonzero(ids == _ROLL)
        if rolls.size:
            cell = rolls * self.players + out["to_act"][rolls]
            # One die a game: ``pick``, the cheaper draw of one die a row.
            die, position = pick(out["seed"][rolls], out["position"][rolls], _SIDES)
            out["position"][rolls] = position
            hand_len, totals = flat(out, "hand_len"), flat(out, "totals")
            held = hand_len[cell]
            flat(out, "hands")[cell * HAND_LIMIT + held] = die
            held += 1
            hand_len[cell] = held
            total = totals[cell] + die
            totals[cell] = total
            done = (total > BUST) | (held == HAND_LIMIT)
            if done.any():
                ending = np.concatenate([ending, rolls[done]])
        if ending.size:
            self._end_turn(out, ending)
        return out

    def _end_turn(self, out: Data, rows: Array) -> None:
        """Rules 5 and 6: the next player opens with three dice, or the round is scored."""
        turn = out["turn"][rows] + 1
        more = turn < out["order_len"][rows]
        passing = rows[more]
        if passing.size:
            p = self.players
            turn = turn[more]
            seat = flat(out, "order")[passing * p + turn]
            cell = passing * p + seat
            hand, position = roll(out["seed"][passing], out["position"][passing], 3, _SIDES)
            out["position"][passing] = position
            flat(out, "hands").reshape(-1, HAND_LIMIT)[cell, :3] = hand
            flat(out, "hand_len")[cell] = 3
            flat(out, "totals")[cell] = hand[:, 0] + hand[:, 1] + hand[:, 2]
            out["turn"][passing] = turn
            out["to_act"][passing] = seat
        scoring = rows[~more]
        if scoring.size:
            self._score(out, scoring)

    def _score(self, out: Data, rows: Array) -> None:
        """Rule 7: against the roost, then against the other players; then rules 8, 9."""
        house_dice = take_rows(out["house_dice"], rows)
        roost = (house_dice[:, 3] + house_dice[:, 4] + house_dice[:, 5])[:, None]
        held = take_rows(out["hand_len"], rows)
        played = held > 0  # every player has three dice or more once the round is played
        total = take_rows(out["totals"], rows)
        ranked = np.where(total > BUST, -1, np.where(held == HAND_LIMIT, BUST, total))
        below = played & (ranked < roost)
        changes = (played & (ranked > roost)).astype(np.int64) - below
        flat_changes = changes.reshape(-1)
        flat_changes[np.arange(0, changes.size, self.players) + out["house"][rows]] += seat_sum(
            below
        )
        # Each player's count of the players ranked below it, a seat at a time (a short
        # last axis counted is several times slower): one who did not play ranks above all.
        entered = np.where(played, ranked, BUST + 1)
        lower = np.zeros_like(changes)
        for seat in range(self.players):
            lower += entered[:, seat : seat + 1] < ranked
        changes += np.where(played & (ranked >= 0), lower, 0)
        out["results_len"][rows] = 0
        self._scored(out, rows, changes)
        self._play_rounds(out, self._end_round(out, rows))

    def _scored(self, out: Data, rows: Array, changes: Array) -> None:
        """Rule 7's last step (the floor), and the round kept as the last result."""
        before = take_rows(out["points"], rows)
        after = before + changes
        if self.rules.floor_at_zero:
            np.maximum(after, 0, out=after)
        put_rows(out["points"], rows, after)
        out["results_len"][rows] += 1
        out["last_round"][rows] = out["round"][rows]
        out["last_house"][rows] = out["house"][rows]
        put_rows(out["last_house_dice"], rows, take_rows(out["house_dice"], rows))
        put_rows(out["last_hands"], rows, take_rows(out["hands"], rows))
        after -= before
        put_rows(out["last_changes"], rows, after)

    def _end_round(self, out: Data, rows: Array) -> Array:
        """Rules 8 and 9: the games of ``rows`` that are over are finished; those that go
        on get their next round's number, house and first player, and are returned."""
        rules = self.rules
        points = take_rows(out["points"], rows)
        was_out = take_rows(out["out"], rows)
        out_now = was_out
        won = np.zeros(points.shape, dtype=bool)
        decided = np.zeros(rows.size, dtype=bool)
        if rules.eliminate_at_zero:
            out_now = was_out | (self.can_win & (points <= 0))
            left = self.can_win & ~out_now
            many = seat_sum(left)
            alone, none = many == 1, many == 0
            decided = alone | none
            if decided.any():  # most rounds leave several seats in every game
                won[alone] = left[alone]
                won[none] = _most(points[none], (self.can_win & ~was_out)[none])
            put_rows(out["out"], rows, out_now)
        reached = self.can_win & ~out_now & (points >= rules.target) & ~decided[:, None]
        many = seat_sum(reached)
        decided |= many > 0
        if rules.max_rounds is not None:
            capped = ~decided & (out["round"][rows] >= rules.max_rounds)
            decided |= capped
        if not decided.any():  # most rounds: every game goes on
            going, gone = rows, out_now
        else:
            won[many == 1] = reached[many == 1]
            several = np.flatnonzero(many > 1)
            if several.size:
                winner = self._lightning(out, rows[several], reached[several])
                won[several, winner] = True
            if rules.max_rounds is not None:
                won[capped] = _most(points[capped], (self.can_win & ~out_now)[capped])
            self._finish(out, rows[decided], won[decided])
            going, gone = rows[~decided], out_now[~decided]
        if going.size:
            p = self.players
            if self.permanent < 0:
                house = out["house"][going]
                if gone.any():
                    gone = self._gone(gone)
                    house = self._next_in(gone, house, -1)
                    first = self._next_in(gone, house, house)
                else:
                    house = (house + 1) % p
                    first = (house + 1) % p
                out["house"][going] = house
                out["first"][going] = first
            elif gone.any():
                first = out["first"][going]
                out["first"][going] = self._next_in(self._gone(gone), first, self.permanent)
            else:
                first = (out["first"][going] + 1) % p
                out["first"][going] = np.where(first == self.permanent, (first + 1) % p, first)
            out["round"][going] += 1
        return going

    def _lightning(self, out: Data, rows: Array, contenders: Array) -> Array:
        """Rule 9: each game's winner among ``contenders`` (games x seats, bool).

        Few games play one, for many steps each: the dice of ``_LIGHTNING_STEPS``
        steps (three dice a contender a step) are rolled at once for all of them, and
        each game plays its steps from them a game at a time, rolling more for a game
        that needs more."""
        seeds, start = out["seed"][rows], out["position"][rows]
        width = 3 * _LIGHTNING_STEPS * int(contenders.sum(axis=1).max())
        block, after = roll(seeds, start, width, _SIDES)
        used = np.zeros(rows.size, dtype=np.int64)
        winner = np.zeros(rows.size, dtype=np.int64)
        longer = []  # the games that rolled more than the block
        for game, (dice, seats) in enumerate(zip(block.tolist(), contenders.tolist(), strict=True)):
            playing = [seat for seat, taking in enumerate(seats) if taking]
            sixes = dict.fromkeys(playing, 0)
            taken, end = 0, after[game : game + 1]
            while True:
                for seat in playing:
                    need = 3 - sixes[seat]
                    if taken + need > len(dice):
                        more, end = roll(seeds[game : game + 1], end, width, _SIDES)
                        dice += more[0].tolist()
                        longer.append(game)
                    sixes[seat] += dice[taken : taken + need].count(_SIDES)
                    taken += need
                full = [seat for seat in playing if sixes[seat] == 3]
                if len(full) == 1:
                    break
                if full:
                    playing = full
                    sixes = dict.fromkeys(full, 0)
            winner[game], used[game] = full[0], taken
        position = _used(seeds, start, after, width, np.minimum(used, width))
        if longer:
            at = np.array(sorted(set(longer)), dtype=np.int64)
            position[at] = roll(seeds[at], start[at], used[at], _SIDES)[1]
        out["position"][rows] = position
        return winner

    def _finish(self, out: Data, rows: Array, won: Array) -> None:
        """The games of ``rows`` are over, won by the seats of ``won``."""
        out["winners"][rows] = won
        out["to_act"][rows] = -1
        out["order"][rows] = -1
        out["order_len"][rows] = 0
        out["turn"][rows] = 0
        out["hands"][rows] = 0
        out["hand_len"][rows] = 0
        out["totals"][rows] = 0
        out["house_dice"][rows] = 0

    # ------------------------------------------------------------------ reading

    def current_player(self, data: Data) -> Array:
        return data["to_act"]

    def legal_mask(self, data: Data) -> Array:
        live = data["to_act"] >= 0
        return np.repeat(live[:, None], 2, axis=1)

    def legal(self, data: Data, ids: Array) -> Array:
        """Whether each game's id is legal there: roll or stand in a game not over."""
        legal: Array = (data["to_act"] >= 0) & ((ids == _ROLL) | (ids == _STAND))
        return legal

    def legal_count(self, data: Data) -> Array:
        return np.where(data["to_act"] >= 0, 2, 0)

    def nth_legal(self, data: Data, index: Array) -> Array:
        # Roll then stand, as legal_actions lists them: the n-th legal action is id n.
        return np.where(data["to_act"] >= 0, index, -1)

    def scores(self, data: Data) -> Array:
        return data["points"]

    def winners(self, data: Data) -> Array:
        return data["winners"]

    def rounds(self, data: Data) -> Array | None:
        return None

    def observation(self, data: Data, seats: Array) -> Array:
        p = self.players
        to_act = data["to_act"]
        count = to_act.shape[0]
        width = 14 * p + 19
        obs = np.zeros((count, width), dtype=np.float32)
        flat = obs.reshape(-1)
        row = np.arange(0, count * width, width)  # each game's first cell in ``flat``
        # The pieces of encoding.OBSERVATION, in order, each written where it goes.
        rows, seat = seat_rows(seats)
        obs[rows, seat] = 1
        if self.permanent >= 0:  # the house is the same seat all game long
            obs[:, p + self.permanent] = 1
        else:
            flat[row + (p + data["house"])] = 1
        flat[row + (2 * p + data["first"])] = 1
        live = to_act >= 0
        if live.all():
            flat[row + (3 * p + to_act)] = 1
        else:
            flat[(row + (3 * p + to_act))[live]] = 1
        obs[:, 4 * p] = data["round"]
        start = 4 * p + 1
        obs[:, start : start + p] = data["points"]
        obs[:, start + p : start + 2 * p] = data["out"]
        start += 2 * p
        house_dice = data["house_dice"]
        obs[:, start : start + _SIDES] = _counted(house_dice[:, :3])
        start += _SIDES
        # The house's hidden dice, to the seat that is the house.
        # (``house`` holds a permanent house too.)
        is_house = data["house"][rows] == seat
        house = np.flatnonzero(is_house) if isinstance(rows, slice) else rows[is_house]
        obs[house, start : start + _SIDES] = _counted(house_dice[house, 3:])
        start += _SIDES
        if not self.rules.simultaneous_reveal:
            hands = obs[:, start : start + _SIDES * p].reshape(count, p, _SIDES)
            hands[...] = _counted(data["hands"])
        else:
            hands = obs[:, start : start + _SIDES * p].reshape(count, p, _SIDES)
            hands[rows, seat] = _counted(data["hands"][rows, seat])
        start += _SIDES * p
        obs[:, start : start + p] = data["winners"]
        start += p
        # A game that has scored no round yet has its last_* arrays still zero, as
        # its observation of them is: every game's are written.
        obs[:, start : start + p] = data["last_changes"]
        obs[:, start + p :] = _counted(data["last_house_dice"][:, 3:])
        return obs

    def fields(self, data: Data, index: int) -> dict[str, object]:
        """The scalar State's fields but the house choice and the lightning round (only
        their outcomes are kept); ``results`` only when it holds one round or none."""

        def ints(name: str) -> tuple[int, ...]:
            return tuple(data[name][index].tolist())

        def hands(name: str) -> tuple[tuple[int, ...], ...]:
            # Each seat's dice in the order rolled, 0 past the last (a die is 1 to 6).
            return tuple(tuple(die for die in row if die) for row in data[name][index].tolist())

        house_dice, last_house_dice = ints("house_dice"), ints("last_house_dice")

        to_act = int(data["to_act"][index])
        over = to_act < 0
        fields: dict[str, object] = {
            "points": ints("points"),
            "out": tuple(data["out"][index].tolist()),
            "round": int(data["round"][index]),
            "house": int(data["house"][index]),
            "first": int(data["first"][index]),
            "order": ints("order")[: int(data["order_len"][index])],
            "turn": int(data["turn"][index]),
            "to_act": None if over else to_act,
            "hands": hands("hands"),
            "discards": () if over else house_dice[:3],
            "roost_dice": () if over else house_dice[3:],
            "winners": tuple(np.flatnonzero(data["winners"][index]).tolist()),
            "position": int(data["position"][index]),
        }
        kept = int(data["results_len"][index])
        if kept == 0:
            fields["results"] = ()
        elif kept == 1:
            fields["results"] = (
                RoundResult(
                    round=int(data["last_round"][index]),
                    house=int(data["last_house"][index]),
                    discards=last_house_dice[:3],
                    roost_dice=last_house_dice[3:],
                    hands=hands("last_hands"),
                    changes=ints("last_changes"),
                ),
            )
        return fields
