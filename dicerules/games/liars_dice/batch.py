"""Liar's dice over arrays: the engine's rules for many games at once (``dicerules.batch``).

One game a row. A hand is kept as its counts of each face (a scalar hand is those
faces sorted), so counting a bid, testing a straight and the observation are
sums and comparisons. Which bids may follow which is a table made once per Rules
(one row per bid on the table, and one for none): a legal mask is a row of it,
cut at the dice in play. The dice are the scalar engine's, drawn in its order
(the roll-off, one die per contending seat in seat order, pass by pass; then at
each round start every seat with dice, in seat order, all its dice) by
``dicerules.vector.roll``.

Measured (process time of 10,000 games of 2 seats x 5 dice, rounds a second): the
k-th legal action by a cumulative sum over the mask, 63,000; the legal bids as a
range of ids, 136,000; a whole table's dice in one ``vector.roll`` counted with one
``bincount``, 430,000 to 580,000; the next seat with dice read from a table and the
dice in play kept rather than summed, 700,000 to 850,000. Then 1.4 to 1.5 times
faster again by fewer NumPy calls: the roll-off rolls again only for the games still
tied; each game keeps its row of the legal tables; hands, dice and palificos are taken
with ``take`` and set as one block of bytes a row (indexing rows of a few bytes was 5
to 15 times slower); sums over seats are added a seat at a time (NumPy sums a short
middle axis 3 times slower); the next seat, the bidder and the loser's die are read
at flat indices. The observation is written piece by piece into one zeroed array
(norwegian's, 10,000 games: 110 ms a call before, 28 ms after), and a round's bids are
kept as made, so marking them touches only those made (73 to 145 bytes a game more
than a seat a bid id, under ``classic``, ``norwegian`` and ``perudo``: a column past
the bids takes the code of a game that does not bid). A step's bids are made over
whole arrays, the games that do not bid kept as they were by ``np.copyto``'s mask: a
step bids in most games, and gathering and scattering most rows cost 3 to 5
element-wise passes each (2x5, 10,000 games: the bids a third of their time before);
the bookkeeping of finished games is skipped at a step that ends none. The reveal
skips the calza and palifico arrays under rules without them. Under rules whose table
of every position's legal ids is small (``_EVERY_NTH``: 2x5 and ``classic``), the n-th
legal id is one lookup in it (10,000 games: 27 microseconds a call, 127 before; 2x5's
``batch.simulate`` 1.04 to 1.14 times faster). Tried and left:
counting a throw's faces by comparing every die with every face (3.5 times slower
than ``bincount``); setting finished games aside at 7/8, 3/4, 1/2 or 1/4 of the rows
still playing (a few per cent at best); a flat index for the bots' streams, and full
hands dealt without ``repeat`` (no difference). What is left of 2x5 is the deals (a
fifth of the time, most of it ``vector.roll``), the bots' picks and streams (a sixth),
the rest of the reveal and the bookkeeping of finished games.
"""

from __future__ import annotations

import numpy as np

from dicerules.games.liars_dice.encoding import OBSERVATION
from dicerules.games.liars_dice.engine import Bid, Reveal, Rules, _half_raises
from dicerules.kernels import flat, put_rows, seat_rows, seat_sum, take_rows
from dicerules.vector import Array, roll

__all__ = ["Kernel"]

Data = dict[str, Array]


def _seat_tables(players: int) -> tuple[Array, Array]:
    """For each seat and each set of seats with dice (a bit a seat), the next seat of the
    set to the left of it and to its right (-1 for an empty set)."""
    tables = np.full((2, players, 2**players), -1, dtype=np.int64)
    for which, step in enumerate((1, -1)):
        for seat in range(players):
            for alive in range(1, 2**players):
                nxt = (seat + step) % players
                while not alive >> nxt & 1:
                    nxt = (nxt + step) % players
                tables[which, seat, alive] = nxt
    return tables[0], tables[1]


_EVERY_NTH = 2**18
"""The most cells of a table of every position's legal ids (``Kernel.every_nth``): one
lookup a game, where a larger table computes the id from its parts (2x5: 41,602)."""


class Kernel:
    """The kernel of liar's dice under ``rules`` (every preset and every Rules)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        p, s = rules.players, rules.sides
        self.players, self.sides = p, s
        self.left, self.right = _seat_tables(p)
        self.flat_left, self.flat_right = self.left.reshape(-1), self.right.reshape(-1)
        has_dice = np.arange(2**p)[None, :] >> np.arange(p)[:, None] & 1
        self.flat_opener = np.where(has_dice, np.arange(p)[:, None], self.left).reshape(-1)
        self.single = np.array([bin(alive).count("1") == 1 for alive in range(2**p)])
        self.bits = 1 << np.arange(p)
        self.bids = rules.max_dice * s
        self.challenge = self.bids
        self.calza = self.bids + 1  # its id, with the calza rule
        self.width = self.bids + (2 if rules.calza else 1)
        quantity = np.arange(self.bids) // s + 1
        face = np.arange(self.bids) % s + 1
        self.quantity, self.face = quantity, face
        # Whether each id (and -1, read at the end) is a bid on ones.
        self.on_ones = np.append(face == 1, np.zeros(self.width + 1 - self.bids, dtype=bool))
        # after[last + 1, bid]: whether ``bid`` may follow ``last`` (row 0: no bid yet),
        # outside a palifico round; palifico[...] the same inside one.
        if rules.ones_rank == "half":
            table = [Bid(int(q), int(f)) for q, f in zip(quantity, face, strict=True)]
            after = np.array(
                [[_half_raises(last, bid) for bid in table] for last in (None, *table)]
            )
        else:
            rank = (quantity - 1) * s + (face - 2) % s if rules.ones_rank == "high" else None
            rank = np.arange(self.bids) if rank is None else rank
            after = np.vstack([np.ones(self.bids, bool), rank[None, :] > rank[:, None]])
        self.after = after
        same_face = (face[None, :] == face[:, None]) & (quantity[None, :] > quantity[:, None])
        self.palifico_after = np.vstack([np.ones(self.bids, bool), same_face])
        order = np.arange(self.bids)
        if rules.ones_rank == "high":
            order = np.argsort((quantity - 1) * s + (face - 2) % s, kind="stable")
        self._legal_tables(order)
        # A hand of k dice is a straight when its counts are k ones then zeros.
        straights = np.full((rules.dice_per_player + 1, s), -1, dtype=np.int8)
        for k in range(1, min(rules.dice_per_player, s) + 1):
            straights[k] = [1] * k + [0] * (s - k)
        self.straights = straights
        self.size = OBSERVATION.size(rules)
        # The bids of this round, as made, each as ``bid * players + seat``: its column
        # in the observation's ``bids`` piece.
        self.code_type = np.int8 if self.bids * p <= 2**7 else np.int16

    def _legal_tables(self, order: Array) -> None:
        """The legal actions of every position, as rows of tables.

        A position is its row, ``palifico * (bids + 1) + last + 1`` (the last row: a game
        that is over; each game's is kept as its ``row`` array), and the dice in play,
        t. ``rows[row]`` is the mask of the bids that may follow the last one and of the
        answers (none before a bid); ``cut[t]`` the mask of the bids of at most t dice,
        and every answer. The bids the scalar ``legal_actions`` lists (``order``) rise in
        quantity, so those of at most t dice come first: ``firsts[row, t]`` of them,
        ``nth[row]`` in that order.
        """
        b, s, dice = self.bids, self.sides, self.rules.max_dice
        follows = [self.after, self.palifico_after] if self.rules.palifico else [self.after]
        bids = np.vstack([*follows, np.zeros((1, b), dtype=bool)])
        answers = np.ones((bids.shape[0], self.width - b), dtype=bool)
        answers[:: b + 1] = False  # no bid yet
        answers[-1] = False  # over
        self.rows = np.concatenate([bids, answers], axis=1)
        self.over = bids.shape[0] - 1
        self.cut = np.ones((dice + 1, self.width), dtype=bool)
        self.cut[:, :b] = np.arange(b)[None, :] < (np.arange(dice + 1) * s)[:, None]
        ranked = bids[:, order]
        self.nth = np.where(
            np.arange(b) < ranked.sum(axis=1)[:, None],
            order[np.argsort(~ranked, axis=1, kind="stable")],
            -1,
        ).astype(np.int16 if b < 2**15 else np.int32)
        within = np.cumsum(bids, axis=1)[:, np.arange(s - 1, b, s)]  # up to each quantity
        self.firsts = np.hstack([np.zeros((bids.shape[0], 1), np.int64), within])
        # The same tables flat, read at ``row * stride + t`` and ``row * bids + n``.
        self.stride = dice + 1
        self.flat_firsts = self.firsts.reshape(-1)
        answers_count = self.rows[:, b : b + 1] * (self.width - b)
        self.flat_counts = (self.firsts + answers_count).reshape(-1)
        self.flat_nth = self.nth.reshape(-1).astype(np.int64)
        # Small tables: every position's legal ids, at ``(row * stride + t) * width + n``.
        self.every_nth = None
        if self.rows.shape[0] * self.stride * self.width <= _EVERY_NTH:
            n = np.arange(self.width)
            firsts = self.firsts[:, :, None]
            bid = np.pad(self.nth, ((0, 0), (0, self.width - b)))[:, None, :]
            answer = np.where(n < firsts + answers_count[:, :, None], b + n - firsts, -1)
            self.every_nth = np.where(n < firsts, bid, answer).reshape(-1).astype(np.int64)
        # Whether each row may answer a bid (challenge, calza).
        self.answering = self.rows[:, b].copy()
        # Each row's last bid (-1: none yet, or over).
        self.row_last = np.append(np.tile(np.arange(-1, b), len(follows)), -1)

    def _alive(self, dice: Array) -> Array:
        """The seats with dice of each game, a bit a seat (an index of the seat tables)."""
        alive: Array = (dice > 0) @ self.bits
        return alive

    # ------------------------------------------------------------------ new games

    def new(self, seeds: Array) -> Data:
        rules, p = self.rules, self.players
        count = seeds.shape[0]
        position = np.zeros(count, dtype=np.uint64)
        opener = np.zeros(count, dtype=np.int64)
        if rules.first_opener == "rolloff":
            opener, position = self._roll_off(seeds, position)
        dice = np.full((count, p), rules.dice_per_player, dtype=np.int8)
        counts, position = self._deal(seeds, position, dice)
        return {
            "seed": seeds,
            "position": position,
            "dice": dice,
            "counts": counts,
            "round": np.ones(count, dtype=np.int64),
            "opener": opener,
            "to_act": opener.copy(),
            "bid_count": np.zeros(count, dtype=np.int64),
            "row": np.zeros(count, dtype=np.int64),
            "ones_wild": np.full(count, rules.ones_wild),
            "made": np.zeros((count, self.bids + 1), dtype=self.code_type),
            "alive": np.full(count, 2**p - 1, dtype=np.int64),
            "in_play": np.full(count, rules.max_dice, dtype=np.int64),
            "palifico": np.zeros(count, dtype=bool),
            "palificos": np.zeros((count, p), dtype=np.int8),
            "reveal_counts": np.zeros_like(counts),
            "reveal_bid": np.full(count, -1, dtype=np.int64),
            "reveal_bidder": np.full(count, -1, dtype=np.int64),
            "reveal_challenger": np.full(count, -1, dtype=np.int64),
            "reveal_loser": np.full(count, -1, dtype=np.int64),
            "reveal_count": np.zeros(count, dtype=np.int64),
            "reveal_ones_wild": np.zeros(count, dtype=bool),
            "reveal_calza": np.zeros(count, dtype=bool),
        }

    def _roll_off(self, seeds: Array, position: Array) -> tuple[Array, Array]:
        """Rule 1: one die per contending seat, in seat order, until one is highest.

        Each pass rolls only for the games still tied (after the first, about one in
        ``sides``), so a pass costs by the games it has left."""
        count, p = seeds.shape[0], self.players
        opener = np.zeros(count, dtype=np.int64)
        faces, position = roll(seeds, position, p, self.sides)
        contending = faces == faces.max(axis=1, keepdims=True)
        tied = np.flatnonzero(contending.sum(axis=1) > 1)
        opener[:] = np.argmax(contending, axis=1)
        contending = contending[tied]
        while tied.size:
            wanted = contending.sum(axis=1)
            faces, position[tied] = roll(seeds[tied], position[tied], wanted, self.sides)
            which = np.cumsum(contending, axis=1) - 1
            shown = np.where(contending, np.take_along_axis(faces, which, 1), 0)
            contending &= shown == shown.max(axis=1, keepdims=True)
            still = contending.sum(axis=1) > 1
            opener[tied] = np.argmax(contending, axis=1)
            tied, contending = tied[still], contending[still]
        return opener, position

    def _deal(self, seeds: Array, position: Array, dice: Array) -> tuple[Array, Array]:
        """Rule 2: every seat with dice rolls all of them, in seat order: the face counts."""
        count, p, s = dice.shape[0], self.players, self.sides
        faces, position = roll(seeds, position, seat_sum(dice), s)
        # The dice in draw order, row by row, seat by seat: each one's (game, seat) cell.
        cells = np.repeat(np.arange(count * p) * s, dice.reshape(-1))
        counts = np.bincount(cells + faces[faces > 0] - 1, minlength=count * p * s)
        return counts.reshape(count, p, s).astype(np.int8), position

    # ------------------------------------------------------------------ stepping

    def advance(self, data: Data, ids: Array, own: bool = False) -> Data:
        out = dict(data)
        bidding = (ids >= 0) & (ids < self.bids)
        ended = np.flatnonzero(ids >= self.bids)
        changed = ["to_act", "bid_count", "row", "ones_wild", "made"]
        if ended.size:
            changed += ["position", "dice", "counts", "round", "opener", "palifico", "palificos"]
            changed += ["alive", "in_play"]
            changed += [name for name in data if name.startswith("reveal_")]
        for name in () if own else changed:
            out[name] = data[name].copy()
        if bidding.any():
            self._bid(out, bidding, ids)
        if ended.size:
            self._reveal(out, ended, ids[ended] == self.calza)
        return out

    def _bid(self, out: Data, bidding: Array, ids: Array) -> None:
        """Rules 3 to 5 in the games ``bidding`` marks: the bid ``ids`` names is made; an
        opening bid on ones may cancel wild ones.

        Worked out for every game, the others kept as they were: most games bid at a
        step, and NumPy computes a whole array several times faster than it gathers and
        scatters most of its rows. A game that does not bid writes its code in the
        column past its round's bids, which nothing reads."""
        to_act, count = out["to_act"], out["bid_count"]
        if self.rules.ones_opening_cancels_wild:
            out["ones_wild"] &= ~(bidding & (count == 0) & self.on_ones[ids])
        slot = np.where(bidding, count, self.bids)
        slot += np.arange(0, count.size * (self.bids + 1), self.bids + 1)
        flat(out, "made")[slot] = ids * self.players + to_act
        count += bidding
        row = ids + 1
        if self.rules.palifico:  # the same half of the tables: a palifico round's or not
            row += (out["row"] > self.bids) * (self.bids + 1)
        np.copyto(out["row"], row, where=bidding)
        # -1 for a game that is over reads some cell of the table, never kept.
        np.copyto(to_act, self.flat_left[to_act * 2**self.players + out["alive"]], where=bidding)

    def _reveal(self, out: Data, rows: Array, calza: Array) -> None:
        """Rules 5 to 8 and 11: count the last bid, settle it, start the next round."""
        rules = self.rules
        last = self.row_last[out["row"][rows]]
        quantity, face = self.quantity[last], self.face[last]
        counts, dice = take_rows(out["counts"], rows), take_rows(out["dice"], rows)
        ones_wild = out["ones_wild"][rows]
        here = np.arange(rows.size)
        wild = ones_wild & (face != 1)
        if rules.straights_wild:
            per_seat = counts[here, :, face - 1].astype(np.int64)
            per_seat += np.where(wild[:, None], counts[:, :, 0], 0)
            straight = (counts == self.straights[dice]).all(axis=2)
            count = np.where(straight, dice, per_seat).sum(axis=1)
        else:  # the table's counts of each face, then the bid's face and the wild ones
            table = seat_sum(counts)
            count = table.reshape(-1)[here * self.sides + face - 1]
            count += np.where(wild, table[:, 0], 0)
        caller = out["to_act"][rows]
        alive = out["alive"][rows]
        bidder = self.flat_right[caller * 2**self.players + alive]
        holds = count >= quantity
        loser = np.where(holds, caller, bidder)
        winner = np.where(holds, bidder, caller)
        left = dice.copy()
        if rules.calza:  # Rule 11: a calza's caller loses a die, or gains one when exact
            exact = calza & (count == quantity)
            loser = np.where(calza, np.where(exact, -1, caller), loser)
            loses = loser >= 0
            left[here[loses], loser[loses]] -= 1
            gains = here[exact]
            left[gains, caller[exact]] = np.minimum(
                left[gains, caller[exact]] + 1, rules.dice_per_player
            )
            out["reveal_calza"][rows] = calza
        else:
            cells, flat = here * self.players + loser, left.reshape(-1)  # left: a new array
            flat[cells] -= 1
            out_of = flat[cells] == 0  # the loser's last die: its bit leaves the set
            alive = alive ^ (self.bits[loser] * out_of)
        for name, value in (
            ("reveal_bid", last), ("reveal_bidder", bidder),
            ("reveal_challenger", caller), ("reveal_loser", loser), ("reveal_count", count),
            ("reveal_ones_wild", ones_wild),
        ):  # fmt: skip
            out[name][rows] = value
        put_rows(out["reveal_counts"], rows, counts)
        put_rows(out["dice"], rows, left)
        if rules.calza:
            alive = self._alive(left)
            out["in_play"][rows] = left.sum(axis=1)
        else:
            out["in_play"][rows] -= 1
        out["alive"][rows] = alive
        opener = loser if rules.next_opener == "loser" else winner
        over = self.single[alive]
        if over.any():  # the games won: set aside (most steps end a few, some none)
            ended = rows[over]
            put_rows(out["counts"], ended, 0)
            out["to_act"][ended] = -1
            out["bid_count"][ended] = 0
            out["row"][ended] = self.over
            if rules.palifico:
                out["palifico"][ended] = False
            keep = np.flatnonzero(~over)
            rows, left, alive, opener = rows[keep], take_rows(left, keep), alive[keep], opener[keep]
            if not rows.size:
                return
            if rules.calza or rules.palifico:
                calza, caller, loser = calza[keep], caller[keep], loser[keep]
        if rules.calza or rules.palifico:
            here = np.arange(rows.size)
        if rules.calza:
            opener = np.where(calza, caller, opener)
        if rules.palifico:
            # Rule 10: a seat down to its last die opens a palifico round, once a game.
            had = take_rows(out["palificos"], rows)
            unsure = np.where(calza, caller, np.maximum(loser, 0))
            palifico = (loser >= 0) & (left[here, unsure] == 1) & (had[here, unsure] == 0)
            opener = np.where(palifico, unsure, opener)
        opener = self.flat_opener[opener * 2**self.players + alive]  # it, or the next with dice
        if rules.palifico:
            noted = np.flatnonzero(palifico)
            had[noted, opener[noted]] = had[noted].max(axis=1) + 1
            put_rows(out["palificos"], rows, had)
            out["ones_wild"][rows] = rules.ones_wild & ~palifico
        else:
            out["ones_wild"][rows] = rules.ones_wild
        counts, position = self._deal(out["seed"][rows], out["position"][rows], left)
        put_rows(out["counts"], rows, counts)
        out["position"][rows] = position
        out["round"][rows] += 1
        out["opener"][rows] = opener
        out["to_act"][rows] = opener
        out["bid_count"][rows] = 0
        if rules.palifico:
            out["palifico"][rows] = palifico
            out["row"][rows] = palifico * (self.bids + 1)
        else:
            out["row"][rows] = 0

    # ------------------------------------------------------------------ reading

    def current_player(self, data: Data) -> Array:
        return data["to_act"].astype(np.int64)

    def _late(self, data: Data) -> Array:
        """Whether each game is past the last round in which calza may be called
        (rule 11; only with the calza rule)."""
        late: Array = data["round"] > self.rules.last_calza_round
        return late

    def legal_mask(self, data: Data) -> Array:
        mask: Array = self.rows[data["row"]] & self.cut[data["in_play"]]
        if self.rules.calza:
            mask[:, self.calza] &= ~self._late(data)
        return mask

    def legal(self, data: Data, ids: Array) -> Array:
        known = (ids >= 0) & (ids < self.width)
        ids = np.where(known, ids, 0)
        within = (ids >= self.bids) | (ids < data["in_play"] * self.sides)
        legal: Array = known & within & self.rows[data["row"], ids]
        if self.rules.calza:
            legal &= (ids != self.calza) | ~self._late(data)
        return legal

    def legal_count(self, data: Data) -> Array:
        count: Array = self.flat_counts[data["row"] * self.stride + data["in_play"]]
        if self.rules.calza:  # calza is the last legal action: a late round has one fewer
            count = count - (self._late(data) & self.answering[data["row"]])
        return count

    def nth_legal(self, data: Data, index: Array) -> Array:
        # The bids of at most the dice in play, in the scalar order, then the answers.
        row = data["row"]
        if self.every_nth is not None:
            at = row * self.stride + data["in_play"]
            at *= self.width
            at += index
            return self.every_nth[at]  # type: ignore[no-any-return]
        bids = self.flat_firsts[row * self.stride + data["in_play"]]
        first = row * self.bids + np.minimum(index, self.bids - 1)
        picked = np.where(index < bids, self.flat_nth[first], self.bids + index - bids)
        return np.where(row == self.over, -1, picked)

    def scores(self, data: Data) -> Array:
        return data["dice"].astype(np.int64)

    def winners(self, data: Data) -> Array:
        return (data["to_act"] < 0)[:, None] & (data["dice"] > 0)

    def rounds(self, data: Data) -> Array | None:
        return data["round"]

    def observation(self, data: Data, seats: Array) -> Array:
        rules, p, s, b = self.rules, self.players, self.sides, self.bids
        count = data["dice"].shape[0]
        obs = np.zeros((count, self.size), dtype=np.float32)
        at = np.arange(count)

        def hot(start: int, values: Array, always: bool = False) -> None:
            """1 at ``start + value`` of each row whose value is not -1."""
            if always:
                obs[at, start + values] = 1
            else:
                rows = np.flatnonzero(values >= 0)
                obs[rows, start + values[rows]] = 1

        # The pieces of encoding.OBSERVATION, in order, each written where it goes.
        rows, seat = seat_rows(seats)
        obs[rows, seat] = 1
        obs[rows, p : p + s] = data["counts"][rows, seat]
        start = p + s
        obs[:, start : start + p] = data["dice"]
        obs[:, start + p] = data["round"]
        hot(start + p + 1, data["opener"], always=True)
        hot(start + 2 * p + 1, data["to_act"])
        obs[:, start + 3 * p + 1] = data["ones_wild"]
        start += 3 * p + 2
        made = data["bid_count"]
        longest = int(made.max()) if count else 0
        games, which = np.nonzero(np.arange(longest) < made[:, None])
        # The codes are kept small (int8 on small tables): widened before the offset,
        # and set at flat indices (faster than a row and a column index).
        codes = data["made"][games, which].astype(np.int64)
        obs.reshape(-1)[games * self.size + (start + codes)] = 1
        start += b * p
        obs[:, start : start + p * s] = data["reveal_counts"].reshape(count, -1)
        start += p * s
        hot(start, data["reveal_bid"])
        start += b
        for name in ("reveal_bidder", "reveal_challenger", "reveal_loser"):
            hot(start, data[name])
            start += p
        obs[:, start] = data["reveal_count"]
        start += 1
        if rules.palifico:
            obs[:, start] = data["palifico"]
            obs[:, start + 1 : start + 1 + p] = data["palificos"] > 0
            start += 1 + p
        if rules.calza:
            obs[:, start] = data["reveal_calza"]
        return obs

    def fields(self, data: Data, index: int) -> dict[str, object]:
        s = self.sides

        def hand(counts: Array) -> tuple[int, ...]:
            return tuple(face + 1 for face in range(s) for _ in range(int(counts[face])))

        def bid(bid_id: int) -> Bid:
            return Bid(bid_id // s + 1, bid_id % s + 1)

        codes = data["made"][index, : data["bid_count"][index]].tolist()
        made = [code // self.players for code in codes]
        to_act = int(data["to_act"][index])
        reveal = None
        if data["reveal_bid"][index] >= 0:
            loser = int(data["reveal_loser"][index])
            reveal = Reveal(
                hands=tuple(hand(c) for c in data["reveal_counts"][index]),
                bid=bid(int(data["reveal_bid"][index])),
                bidder=int(data["reveal_bidder"][index]),
                challenger=int(data["reveal_challenger"][index]),
                ones_wild=bool(data["reveal_ones_wild"][index]),
                count=int(data["reveal_count"][index]),
                loser=None if loser < 0 else loser,
                calza=bool(data["reveal_calza"][index]),
            )
        had = data["palificos"][index]
        return {
            "dice": tuple(int(n) for n in data["dice"][index]),
            "hands": tuple(hand(c) for c in data["counts"][index]),
            "round": int(data["round"][index]),
            "opener": int(data["opener"][index]),
            "to_act": None if to_act < 0 else to_act,
            "bid_count": int(data["bid_count"][index]),
            "bids": tuple(bid(b) for b in made),
            "ones_wild": bool(data["ones_wild"][index]),
            "last_reveal": reveal,
            "palifico": bool(data["palifico"][index]),
            "palificos": tuple(sorted(np.flatnonzero(had).tolist(), key=lambda t: int(had[t]))),
            "position": int(data["position"][index]),
        }
