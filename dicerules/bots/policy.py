"""The ``policy=FILE`` bot: a saved policy (``dicerules.policies``) played from views.

``make("policy=FILE", game, seed)`` reads FILE (as ``dicerules solve --out`` writes
it; a RecordError for a file that is not one, InvalidArgumentError for a file of
another game or one that cannot be read) and walks the game's whole tree under the
file's rules (``dicerules.tree.walk``: seconds for liars-dice of two seats of one
six-sided die) to learn at which information set each view of a seat's turn stands.
What it found is kept for the process's next bots of the same file, so a simulation
walks the tree once a process. At each turn the bot looks up the view it is handed
(never the state) and draws an action with the policy's probabilities there, from its
own seeded random source (``dicerules.policies.PolicyBot``). A view of no information
set the file holds (a game under other rules, a set the policy leaves out) is played
uniformly over the legal actions. A game whose views do not tell a seat's information
sets apart cannot be played this way (InvalidArgumentError).
"""

from __future__ import annotations

import functools
import os
from typing import Any, Final

from dicerules import tree
from dicerules.errors import InvalidArgumentError, RecordError
from dicerules.game import AnyGame
from dicerules.policies import Chances, PolicyBot, SavedPolicy, views_by_set

__all__ = ["PREFIX", "is_policy", "load", "policy_bot"]

PREFIX: Final = "policy="
"""How a bot form that names a policy file begins."""


def is_policy(form: str) -> bool:
    """Whether the bot form ``form`` names a policy file (``policy=FILE``)."""
    return form.startswith(PREFIX)


def load(form: str, game: AnyGame) -> SavedPolicy:
    """The saved policy that ``form`` (``policy=FILE``) names, checked to be of ``game``."""
    path = form[len(PREFIX) :]
    if not path:
        raise InvalidArgumentError(f"bot {form!r}: write policy=FILE, a file dicerules solve wrote")
    try:
        saved = _read(path, _stamp(path))
    except OSError as error:
        raise InvalidArgumentError(
            f"bot {form!r}: cannot read {path}: {error.strerror or error}"
        ) from None
    except RecordError as error:
        raise RecordError(f"bot {form!r}: {error}") from None
    if saved.game.name != game.name:
        raise InvalidArgumentError(
            f"bot {form!r}: the policy is of {saved.game.name}, not of {game.name}"
        )
    return saved


def policy_bot(form: str, game: AnyGame, seed: int) -> PolicyBot:
    """A bot that plays the policy file ``form`` (``policy=FILE``) names, in ``game``."""
    load(form, game)
    path = form[len(PREFIX) :]
    return PolicyBot(_chances(path, _stamp(path)), seed)


def _stamp(path: str) -> tuple[str, int, int]:
    """The file's full path, time of change and size: a changed file is read again."""
    found = os.stat(path)
    return os.path.realpath(path), found.st_mtime_ns, found.st_size


@functools.lru_cache(maxsize=4)
def _read(path: str, stamp: tuple[str, int, int]) -> SavedPolicy:
    return SavedPolicy.load(path)


@functools.lru_cache(maxsize=4)
def _chances(path: str, stamp: tuple[str, int, int]) -> dict[Any, Chances]:
    """Each view of a seat's turn with the policy's chances there, from the file's rules'
    whole tree (walked here, then let go)."""
    saved = _read(path, stamp)
    walked = tree.walk(saved.game, saved.rules)
    firsts = [walked.first_nodes(seat) for seat in range(walked.seats)]
    chances: dict[Any, Chances] = {}
    for (seat, number), views in views_by_set(walked).items():
        found = saved.probabilities(seat, walked.information_sets[seat][number])
        if found is None:
            continue  # played uniformly
        node = firsts[seat][number]
        unknown = set(found) - set(walked.labels[node])
        if unknown:
            raise RecordError(
                f"{path}: the policy gives {sorted(unknown)[0]!r} at"
                f" {walked.information_sets[seat][number]!r}, which has no such action"
            )
        made = tuple(
            (action, float(found.get(label, 0.0)))
            for action, label in zip(walked.actions[node], walked.labels[node], strict=True)
        )
        for view in views:
            chances[view] = made
    return chances
