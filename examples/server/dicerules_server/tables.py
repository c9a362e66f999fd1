"""Games in play: a table per game, its seats and tokens, its sockets and its bots.

A move goes through ``Table.play`` (a person's, from a socket) or the table's bot
loop, under the table's lock: ``wire.move`` checks it, the storage commits it, and
only then does the table take the new state and queue ``wire.view`` and
``wire.events`` for each socket, each for its own seat. A move the storage did not
take is a move that did not happen.
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import hmac
import logging
import secrets
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import anyio
import anyio.to_thread
import attrs

import dicerules
from dicerules import bots, wire
from dicerules.match import bot_seed
from dicerules.records import rules_to_dict
from dicerules_server.storage import GameRow, SeatRow, Storage

__all__ = ["MAX_NAME", "Listener", "Lobby", "ServerError", "Table"]

log = logging.getLogger("dicerules_server")

MAX_NAME: Final = 40
"""The most characters of a player's name."""

MAX_QUEUE: Final = 1000
"""The most messages queued for one socket; a client that reads none is let go."""

HUMAN: Final = "human"
HOUSE: Final = "house"


class ServerError(Exception):
    """A request the server refuses: ``code`` and ``status`` say which, for the client."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status

    def message(self) -> dict[str, str]:
        """The error as a client is sent it, as ``wire.error`` makes the game's own."""
        return {"error": self.code, "message": str(self)}


def refusal(exc: BaseException) -> dict[str, str]:
    """``{"error": code, "message": text}`` for any refusal, the server's or the game's."""
    return exc.message() if isinstance(exc, ServerError) else wire.error(exc)


def token_hash(token: str) -> str:
    """What the database keeps of a seat's token: its SHA-256, never the token."""
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: object) -> str:
    """A player's name as shown: trimmed, no control characters, at most MAX_NAME long."""
    if not isinstance(name, str):
        raise ServerError("bad_argument", "a name is a string")
    name = "".join(c for c in name if unicodedata.category(c)[0] != "C").strip()
    if not name:
        raise ServerError("bad_argument", "a name needs at least one letter")
    if len(name) > MAX_NAME:
        raise ServerError("bad_argument", f"a name is at most {MAX_NAME} characters")
    return name


class Listener:
    """One socket's seat (None: a spectator) and the messages waiting to go to it."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, text: str | None) -> None:
        """Queue a message (None: close); a socket too far behind is closed instead."""
        if self.queue.qsize() >= MAX_QUEUE:
            text = None
        self.queue.put_nowait(text)


class Table:
    """One game: its state, its seats, the sockets watching it, and its bots."""

    def __init__(
        self, row: GameRow, state: Any, storage: Storage, lobby: Lobby, bot_delay: float
    ) -> None:
        self.id = row.id
        self.row = row
        self.game = dicerules.get_game(row.game)
        self.state = state
        self.seats = list(row.seats)
        self.storage = storage
        self.lobby = lobby
        self.bot_delay = bot_delay
        self.listeners: set[Listener] = set()
        self.lock = asyncio.Lock()
        self.layout = wire.layout(self.game, state.rules)
        self.bots = {
            seat.seat: bots.make(seat.player, self.game, seed=bot_seed(row.seed, seat.seat))
            for seat in row.seats
            if seat.player not in (HUMAN, HOUSE)
        }
        self._bot_task: asyncio.Task[None] | None = None

    # -------------------------------------------------------------- facts

    @property
    def started(self) -> bool:
        """Whether every person's seat has been taken (bots wait till then)."""
        return all(seat.token_hash for seat in self.seats if seat.player == HUMAN)

    @property
    def over(self) -> bool:
        return bool(self.game.is_terminal(self.state))

    @property
    def step(self) -> int:
        return len(self.state.tape.actions)

    def seat_of(self, token: object) -> int:
        """The seat whose token this is; ServerError ``bad_token`` for any other."""
        if isinstance(token, str) and token:
            digest = token_hash(token)
            for seat in self.seats:
                if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                    return seat.seat
        raise ServerError("bad_token", "that is not a seat token of this game", 403)

    def view(self, seat: int | None) -> dict[str, Any]:
        """``wire.view`` of the game now, for ``seat`` (None: a spectator)."""
        return wire.view(self.game, self.state, seat)

    def public_seats(self) -> list[dict[str, object]]:
        return [
            {
                "seat": seat.seat,
                "player": seat.player,
                "name": seat.name,
                "taken": seat.player != HUMAN or seat.token_hash is not None,
            }
            for seat in self.seats
        ]

    def summary(self) -> dict[str, object]:
        """What the lobby shows of the game: nothing of anyone's dice."""
        over = self.over
        return {
            "id": self.id,
            "game": self.game.name,
            "rules": rules_to_dict(self.state.rules),
            "created": self.row.created,
            "seats": self.public_seats(),
            "started": self.started,
            "over": over,
            "step": self.step,
            "to_act": self.game.current_player(self.state),
            "winners": list(self.game.winners(self.state)) if over else [],
        }

    # -------------------------------------------------------------- sockets

    def listen(self, seat: int | None) -> Listener:
        """A new socket on the table: its first message is the welcome, with its view,
        the table's layout, the whole story so far and the seat's moves."""
        listener = Listener(seat)
        self.listeners.add(listener)
        listener.send(
            wire.dumps(
                {
                    "type": "welcome",
                    "seat": seat,
                    "table": self.summary(),
                    "view": self.view(seat),
                    "layout": self.layout,
                    "story": wire.story(self.game, self.state, seat),
                    "moves": wire.moves(self.game, self.state, seat),
                }
            )
        )
        return listener

    def update(self, seat: int | None, before: Any = None) -> str:
        """The update for ``seat`` of the game now: its view and its moves, with the
        events and the story since ``before`` (None: none, the view sent again)."""
        after = self.state
        return wire.dumps(
            {
                "type": "update",
                "view": wire.view(self.game, after, seat),
                "events": [] if before is None else wire.events(self.game, before, after, seat),
                "story": [] if before is None else wire.story(self.game, after, seat, before),
                "moves": wire.moves(self.game, after, seat),
            }
        )

    async def hint(self, seat: int | None) -> str:
        """The odds of the choice ``seat`` faces now (``wire.hint``, worked out on a
        thread), with the step they are of; the game's error for a seat not to act."""
        state = self.state
        made = await anyio.to_thread.run_sync(wire.hint, self.game, state, seat)
        return wire.dumps({"type": "hint", "step": len(state.tape.actions), **made})

    def unlisten(self, listener: Listener) -> None:
        self.listeners.discard(listener)
        self.lobby.forget_if_idle(self)

    def _broadcast(self, before: Any) -> None:
        made: dict[int | None, str] = {}
        for listener in list(self.listeners):
            seat = listener.seat
            if seat not in made:
                made[seat] = self.update(seat, before)
            listener.send(made[seat])

    def _announce_seats(self) -> None:
        text = wire.dumps({"type": "seats", "table": self.summary()})
        for listener in list(self.listeners):
            listener.send(text)

    # -------------------------------------------------------------- moves

    async def claim(self, seat: int | None, name: str) -> tuple[int, str]:
        """Give a free person's seat (None: the first free one) to ``name``: its token."""
        async with self.lock:
            free = [s.seat for s in self.seats if s.player == HUMAN and s.token_hash is None]
            if seat is None:
                if not free:
                    raise ServerError("seat_taken", "every person's seat is taken", 409)
                seat = free[0]
            elif not any(s.seat == seat for s in self.seats):
                raise ServerError("unknown_seat", f"the game has no seat {seat}", 404)
            elif seat not in free:
                raise ServerError("seat_taken", f"seat {seat} is not free for a person", 409)
            token = secrets.token_urlsafe(32)
            digest = token_hash(token)
            with anyio.CancelScope(shield=True):
                taken = await anyio.to_thread.run_sync(
                    self.storage.claim_seat, self.id, seat, name, digest
                )
                if not taken:
                    raise ServerError("seat_taken", f"seat {seat} was just taken", 409)
                self.seats[seat] = attrs.evolve(self.seats[seat], name=name, token_hash=digest)
                self._announce_seats()
                self.wake_bots()
        return seat, token

    async def play(self, seat: int | None, text: object, step: object = None) -> None:
        """A person's move: checked by ``wire.move``, stored, then told to every socket.

        ``step``, when given, is the step the client saw last: a move made on an old
        view (sent again after a lost connection, say) is refused as ``stale``.
        """
        async with self.lock:
            if step is not None and step != self.step:
                raise ServerError(
                    "stale", f"the game is at step {self.step}, not {step}: here is the view"
                )
            if not self.started and not self.over:
                raise ServerError("not_started", "the game waits for its players")
            await self._commit(wire.move(self.game, self.state, seat, text))

    async def _commit(self, after: Any) -> None:
        before = self.state
        count = len(after.tape.rolls) - len(before.tape.rolls)
        rolls = [die for roll in after.tape.rolls.newest(count) for die in roll] if count else []
        action = self.game.format_action(after.tape.actions.last)
        over = bool(self.game.is_terminal(after))
        # Once the database has the move, the move happened: no cancellation between.
        with anyio.CancelScope(shield=True):
            await anyio.to_thread.run_sync(
                self.storage.append_move, self.id, len(before.tape.actions), action, rolls, over
            )
            self.state = after
            self._broadcast(before)
            if over:
                self.lobby.finished(self)
            else:
                self.wake_bots()

    # -------------------------------------------------------------- bots

    def _bot_to_act(self) -> int | None:
        seat = self.game.current_player(self.state)
        return seat if seat in self.bots and self.started else None

    def wake_bots(self) -> None:
        """Start the bots' loop if a bot is to act and it is not running."""
        if self._bot_to_act() is not None and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while (seat := self._bot_to_act()) is not None:
            await asyncio.sleep(self.bot_delay)
            async with self.lock:
                if self._bot_to_act() != seat:
                    continue
                state = self.state
                choice = self.bots[seat].choose(
                    self.game.view(state, seat), self.game.legal_actions(state)
                )
                try:
                    await self._commit(self.game.apply(state, choice))
                except Exception:
                    log.exception("game %s: the bot in seat %d could not move", self.id, seat)
                    return

    def stop(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()


class Lobby:
    """Every game in play, and the games that ended last, by id."""

    def __init__(
        self, storage: Storage, *, bot_delay: float = 0.5, max_games: int = 10_000
    ) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.max_games = max_games
        self.tables: dict[str, Table] = {}
        self.recent: OrderedDict[str, Table] = OrderedDict()

    def restore(self) -> int:
        """Rebuild every unfinished game from its record (``dicerules.replay``)."""
        for row in self.storage.unfinished():
            try:
                state = dicerules.replay(row.record())
            except dicerules.DiceRulesError as error:
                log.error("game %s does not replay, left out: %s", row.id, error)
                continue
            self.tables[row.id] = Table(row, state, self.storage, self, self.bot_delay)
        return len(self.tables)

    def start(self) -> None:
        """Set the bots going where a bot is to act (in the running event loop)."""
        for table in self.tables.values():
            table.wake_bots()

    def stop(self) -> None:
        for table in self.tables.values():
            table.stop()

    def _table_of(self, row: GameRow | None) -> Table | None:
        if row is None:
            return None
        state = dicerules.replay(row.record())
        return Table(row, state, self.storage, self, self.bot_delay)

    def _remember(self, table: Table | None) -> None:
        if table is not None:
            self.recent[table.id] = table
            self.recent.move_to_end(table.id)
            while len(self.recent) > 20:
                self.recent.popitem(last=False)

    def finished(self, table: Table) -> None:
        self._remember(table)
        self.forget_if_idle(table)

    def forget_if_idle(self, table: Table) -> None:
        if table.over and not table.listeners:
            self.tables.pop(table.id, None)

    async def table(self, game_id: str) -> Table:
        """The game with that id, in play or over; ServerError ``not_found`` if none."""
        found = self.tables.get(game_id) or self.recent.get(game_id)
        if found is None:
            row = await anyio.to_thread.run_sync(self.storage.load, game_id)
            found = self._table_of(row)
            if found is None:
                raise ServerError("not_found", "there is no such game", 404)
        return found

    def listing(self) -> list[dict[str, object]]:
        """Games in play (newest first), then those that ended last."""
        playing = sorted(self.tables.values(), key=lambda t: t.row.created, reverse=True)
        shown = [t.summary() for t in playing if not t.over]
        return shown + [t.summary() for t in reversed(self.recent.values())]

    async def create(
        self,
        name: object,
        *,
        preset: object = None,
        rules: object = None,
        players: object = None,
    ) -> Table:
        """A new game: ``players`` names each seat ``"human"`` or a bot of the game."""
        if len(self.tables) >= self.max_games:
            raise ServerError("full", "the server has as many games as it can hold", 503)
        if not isinstance(name, str):
            raise ServerError("bad_argument", "game must be the name of a game")
        game = dicerules.get_game(name)
        made = _rules(game, preset, rules)
        seats = game.seats(made)
        acting = set(game.acting_seats(made))
        seat_rows = tuple(
            SeatRow(seat, player if seat in acting else HOUSE)
            for seat, player in enumerate(_players(game, seats, acting, players))
        )
        seed = secrets.randbits(64)
        state = game.new_game(made, seed=seed)
        row = GameRow(
            id=secrets.token_hex(6),
            game=game.name,
            rules=rules_to_dict(made),
            seed=seed,
            setup_rolls=state.tape.dice(),
            created=datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds"),
            seats=seat_rows,
        )
        await anyio.to_thread.run_sync(self.storage.create_game, row)
        table = self.tables[row.id] = Table(row, state, self.storage, self, self.bot_delay)
        table.wake_bots()
        return table


def _rules(game: Any, preset: object, rules: object) -> Any:
    if preset is None:
        base = game.default_rules
    elif isinstance(preset, str) and preset in game.presets:
        base = game.presets[preset]
    else:
        known = ", ".join(game.presets)
        raise dicerules.InvalidRulesError(f"{game.name} has no preset {preset!r} (it has {known})")
    if rules is None:
        return base
    if not isinstance(rules, Mapping):
        raise ServerError("bad_argument", "rules must be an object of rule fields")
    fields = attrs.fields_dict(type(base))
    unknown = sorted(str(key) for key in rules if key not in fields)
    if unknown:
        raise dicerules.InvalidRulesError(
            f"{game.name} has no rule {', '.join(unknown)} (its rules: {', '.join(fields)})"
        )
    return attrs.evolve(base, **rules)


def _players(game: Any, seats: int, acting: set[int], players: object) -> Sequence[str]:
    if players is None:  # the first acting seat a person, the others the expert
        first = min(acting)
        return [HUMAN if seat == first else "expert" for seat in range(seats)]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ServerError("bad_argument", "players must be a list: 'human' or a bot, one a seat")
    if len(players) != seats:
        raise ServerError(
            "bad_argument", f"{game.name} with these rules has {seats} seats, not {len(players)}"
        )
    known: Callable[[str], bool] = set(bots.names(game)).__contains__
    for seat, player in enumerate(players):
        if seat in acting and player != HUMAN and not known(player):
            names = ", ".join(bots.names(game))
            raise ServerError(
                "bad_argument", f"seat {seat}: {player!r} is not 'human' nor a bot ({names})"
            )
    return players
