"""``dicerules play``: a person in one seat, bots in the others, in the terminal."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from dicerules import bots
from dicerules.cli import options
from dicerules.cli.options import (
    UsageError,
    bot_name,
    check_writable,
    create,
    find_game,
    legal_text,
    make_rules,
    result_lines,
    rules_label,
    say,
)
from dicerules.errors import DiceRulesError
from dicerules.game import AnyGame
from dicerules.match import bot_seed
from dicerules.records import record
from dicerules.streams import SEED_LIMIT


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    """A human in one seat, bots in the others, on standard input and output."""
    game = find_game(args.game)
    rules = make_rules(game, args.preset, args.players, args.rule)
    players = game.seats(rules)
    seat = human_seat(game, args.seat, rules)
    bot = bot_name(args.bots)
    drawn = args.seed is None  # then the seed stays secret: it foretells every die
    seed = secrets.randbelow(SEED_LIMIT) if drawn else args.seed
    check_writable(args.record)
    others = [s for s in range(players) if s != seat]
    table = {s: bots.make(bot, game, bot_seed(seed, s)) for s in others}
    state = game.new_game(rules, seed=seed)
    teller = options.narrator(game, seat)
    print(
        f"{game.name} ({rules_label(game, rules, args.preset)}), {players} seats,"
        f" {'a seed drawn at random (told at the end)' if drawn else f'seed {seed}'}."
        f" You are seat {seat}; the other seats are {bot} bots.",
        file=out,
    )
    print("Type an action in notation, 'help' for the legal actions, 'quit' to leave.", file=out)
    seen = game.view(state, seat)
    say(teller.news(None, seen), out)
    left, status = False, 0
    try:
        while (player := game.current_player(state)) is not None:
            legal = game.legal_actions(state)
            if player == seat:
                print(file=out)
                say(teller.situation(seen), out)
                action = ask(game, state, legal, out)
                if action is None:
                    left = True
                    break
            else:
                action = table[player].choose(game.view(state, player), legal)
            state = game.apply(state, action)
            now = game.view(state, seat)
            say(teller.step(seen, player, action, now), out)
            seen = now
    except KeyboardInterrupt:  # Ctrl-C: leave as with quit, the game so far kept
        print(file=out)
        left, status = True, 130
    if left:
        print("You left the game.", file=out)
        print(f"{teller.score_name.capitalize()} so far: {teller.seats(teller.standing(seen))}.",
              file=out)  # fmt: skip
    else:
        say(result_lines(game, state, teller), out)
    if drawn:
        print(f"The game's seed was {seed}: --seed {seed} deals the same dice.", file=out)
    if args.record is not None:
        with create(args.record) as file:
            file.write(record(state).to_json() + "\n")
        print(f"Record saved to {args.record}.", file=out)
    return status


def human_seat(game: AnyGame, asked: int | None, rules: Any) -> int:
    """The seat ``--seat`` asks for; by default 0, or 1 when 0 is a house that never acts."""
    acting = game.acting_seats(rules)
    if asked is None:
        return acting[0]
    if not 0 <= asked < game.seats(rules):
        raise UsageError(f"--seat {asked}: the seats are 0 to {game.seats(rules) - 1}")
    if asked not in acting:
        raise UsageError(f"--seat {asked}: that seat is the house for the whole game and"
                         " never acts; choose another")  # fmt: skip
    return asked


def ask(game: AnyGame, state: Any, legal: Sequence[Any], out: TextIO) -> Any:
    """The action the human types (asked again until it is legal); None to leave."""
    while True:
        print("your move> ", end="", file=out, flush=True)
        line = "" if sys.stdin is None else sys.stdin.readline()  # None: stdin was closed
        if not line:
            print(file=out)
            return None
        text = line.strip()
        if not sys.stdin.isatty():
            print(text, file=out)  # so a scripted session reads as it was played
        word = text.lower()
        if word in ("quit", "exit"):
            return None
        if word in ("", "help", "?"):
            print(f"Legal: {legal_text(game, legal)}.", file=out)
            continue
        try:
            return game.parse_action(state, text)
        except (DiceRulesError, ValueError) as error:
            message = str(error)
            print(message, file=out)
            if "legal here:" not in message:
                print(f"Legal: {legal_text(game, legal)}.", file=out)
