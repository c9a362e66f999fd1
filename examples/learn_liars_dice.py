"""Liar's dice learned from scratch: a softmax policy trained by REINFORCE, NumPy only.

The policy is linear: the logits of the action ids are the observation times a
matrix, the illegal ids masked out. It plays one seat of each game, drawn at random
when the game begins, against the ``uniform`` player (every legal action equally
likely) in the other; with ``--self-play`` it plays both seats. Both seats of every
game act through one batch engine, made with ``auto_reset``: a game that ends is
begun anew inside the step, so every row plays all the time. After every
``--steps`` steps the policy is moved up the gradient of its expected return
(REINFORCE, the mean return as baseline, Adam) on every decision of the games that
ended. It prints its learning curve (the share of the games won against uniform:
those that ended in each iteration, or with ``--self-play`` a quarter of ``--games``
fresh ones), then plays ``--games`` fresh games against uniform and exits 1 unless
it wins more than ``--target`` of them.

    python examples/learn_liars_dice.py [--games 4096] [--iterations 60] [--dice 3]
                                        [--seed 0] [--target 0.7] [--self-play]

The loop a learner writes against ``dicerules.batch``, with one call each: the seat
to act's observation, the legal mask, the step (with the reset), the rewards.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np
from watch import Arguments

import dicerules
from dicerules import batch
from dicerules.cli.options import count, parse_seed


class Policy:
    """A linear softmax policy over the observation, with Adam's state for its weights."""

    def __init__(self, size: int, actions: int, seed: int) -> None:
        self.weights = np.zeros((size + 1, actions), dtype=np.float32)  # the last row: a bias
        self.rng = np.random.default_rng(seed)
        self.moment = np.zeros_like(self.weights)
        self.square = np.zeros_like(self.weights)
        self.updates = 0

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = obs @ self.weights[:-1] + self.weights[-1]
        logits = np.where(mask, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        odds = np.exp(logits)
        return odds / odds.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]

    def sample(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        cumulative = self.probabilities(obs, mask).cumsum(axis=1)
        drawn = self.rng.random((obs.shape[0], 1)) * cumulative[:, -1:]
        return np.minimum((cumulative < drawn).sum(axis=1), mask.shape[1] - 1)

    def learn(self, obs: np.ndarray, mask: np.ndarray, ids: np.ndarray, advantage: np.ndarray,
              rate: float) -> None:  # fmt: skip
        """One Adam step up the REINFORCE gradient: advantage x d log p(id) / d weights."""
        slope = -self.probabilities(obs, mask)
        slope[np.arange(ids.size), ids] += 1
        slope *= advantage[:, None] / ids.size
        gradient = np.concatenate([obs.T @ slope, slope.sum(axis=0, keepdims=True)])
        self.updates += 1
        self.moment = 0.9 * self.moment + 0.1 * gradient
        self.square = 0.999 * self.square + 0.001 * gradient**2
        fresh_moment = self.moment / (1 - 0.9**self.updates)
        fresh_square = self.square / (1 - 0.999**self.updates)
        self.weights += rate * fresh_moment / (np.sqrt(fresh_square) + 1e-8)


def uniform(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """A legal id a row, every one equally likely (row of no legal id: any)."""
    return (rng.random(mask.shape) * mask).argmax(axis=1)  # type: ignore[no-any-return]


def train(games: int, iterations: int, steps: int, dice: int, seed: int, rate: float = 0.05,
          self_play: bool = False, out: Any = sys.stdout,
          ) -> tuple[Policy, Any, list[float]]:  # fmt: skip
    """The policy after ``iterations`` updates, its rules, and the learning curve."""
    game = dicerules.get_game("liars-dice")
    rules = game.Rules(players=2, dice_per_player=dice)
    eng = batch.engine(game, rules, auto_reset=True)  # a game that ends begins anew in step
    policy = Policy(game.observation.size(rules), len(eng.actions), seed)
    rng = np.random.default_rng(seed + 1)
    rows = np.arange(games)
    b = eng.new_games(range(2 * seed * games, (2 * seed + 1) * games))
    learner = rng.integers(0, 2, games)  # the policy's seat in each row's game
    episode = rows.copy()  # each row's game, numbered from 0 as they begin
    results = np.full((games, 2), np.nan, dtype=np.float32)  # each game's return to each seat
    kept: list[tuple[np.ndarray, ...]] = []  # decisions of games not over yet
    curve = []
    for iteration in range(iterations):
        taken, won = kept, []
        for _ in range(steps):
            player = eng.current_player(b)
            obs = eng.observation(b, player)  # each row's seat to act: one call
            mask = eng.legal_mask(b)
            mine = rows if self_play else np.flatnonzero(player == learner)
            ids = uniform(rng, mask)
            ids[mine] = policy.sample(obs[mine], mask[mine])
            after = eng.step(b, ids)  # the games that end begin anew
            reward = eng.rewards(b, after)  # what each finished game paid each seat
            taken.append((obs[mine], mask[mine], ids[mine], 2 * episode[mine] + player[mine]))
            b = after
            ended = np.flatnonzero(b.ended)
            if episode.max() + ended.size >= len(results):
                results = np.concatenate([results, np.full_like(results, np.nan)])
            results[episode[ended]] = reward[ended]
            won.extend(reward[ended, learner[ended]] > 0)
            episode[ended] = episode.max() + 1 + np.arange(ended.size)
            learner[ended] = rng.integers(0, 2, ended.size)
        obs, mask, ids, of = (np.concatenate(part) for part in zip(*taken, strict=True))
        returns = results.reshape(-1)[of]  # each decision's game's return to its seat
        over = ~np.isnan(returns)
        kept = [(obs[~over], mask[~over], ids[~over], of[~over])]
        returns = returns[over]
        if self_play:  # its games are against itself: the curve is against uniform
            count = max(games // 4, 2)
            curve.append(evaluate(policy, rules, count, seed + 3 + iteration))
        else:
            count = len(won)
            curve.append(float(np.mean(won)))
        policy.learn(obs[over], mask[over], ids[over], returns - returns.mean(), rate)
        print(f"iteration {iteration + 1:3d}: won {curve[-1]:.3f} of {count} games", file=out)
    return policy, rules, curve


def evaluate(policy: Policy, rules: Any, games: int, seed: int) -> float:
    """The share of ``games`` fresh games the policy wins against ``uniform``, half in each seat."""
    eng = batch.engine("liars-dice", rules)  # no auto_reset: each game played to its end
    rng = np.random.default_rng(seed)
    b = eng.new_games(range((2 * seed + 1) * games, (2 * seed + 2) * games))
    learner = np.arange(games) % 2
    while not eng.is_terminal(b).all():
        player = eng.current_player(b)
        mask = eng.legal_mask(b)
        mine = np.flatnonzero(player == learner)
        ids = np.where(player >= 0, uniform(rng, mask), -1)
        ids[mine] = policy.sample(eng.observation(b, player)[mine], mask[mine])
        b = eng.step(b, ids)
    return float(np.mean(eng.returns(b)[np.arange(games), learner] > 0))


def main(argv: list[str] | None = None) -> int:
    parser = Arguments(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count(1), default=4096, help="games played at once")
    parser.add_argument("--iterations", type=count(1), default=60)
    parser.add_argument("--steps", type=count(1), default=8, help="steps between updates")
    parser.add_argument("--dice", type=count(1), default=3, help="dice a seat")
    parser.add_argument("--seed", type=parse_seed, default=0)
    parser.add_argument("--target", type=float, default=0.7, help="the win rate to beat")
    parser.add_argument("--self-play", action="store_true", help="the policy in both seats")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    policy, rules, _ = train(args.games, args.iterations, args.steps, args.dice, args.seed,
                             self_play=args.self_play)  # fmt: skip
    rate = evaluate(policy, rules, args.games, args.seed + 2)
    print(f"after {time.perf_counter() - start:.0f} s: won {rate:.3f} of {args.games} fresh"
          f" games against uniform (target {args.target})")  # fmt: skip
    return 0 if rate > args.target else 1


if __name__ == "__main__":
    sys.exit(main())
