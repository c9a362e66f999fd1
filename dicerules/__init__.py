"""dicerules: exact, deterministic, immutable rules engines for dice games.

The public names of the API are re-exported here; importing dicerules
registers every built-in game in GAMES. Games of installed plugin packages join
GAMES on its first use (see ``dicerules.game``).
"""

from dicerules import bots, games, probability
from dicerules.errors import (
    DiceRulesError,
    DuplicateGameError,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidDieError,
    InvalidRulesError,
    InvalidSeatError,
    InvalidSeedError,
    NotYourTurnError,
    RecordError,
    ReplayError,
    StreamExhaustedError,
    UnknownGameError,
    WrongTypeError,
)
from dicerules.game import GAMES, Engine, Game, PluginWarning, get_game, register
from dicerules.match import play_match
from dicerules.records import FORMAT, GameRecord, record, replay
from dicerules.simulate import Simulation, simulate, simulate_batch
from dicerules.streams import DiceStream, ScriptedStream, SeededStream

__all__ = [
    "FORMAT",
    "GAMES",
    "DiceRulesError",
    "DiceStream",
    "DuplicateGameError",
    "Engine",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "InvalidDieError",
    "InvalidRulesError",
    "InvalidSeatError",
    "InvalidSeedError",
    "NotYourTurnError",
    "PluginWarning",
    "RecordError",
    "ReplayError",
    "ScriptedStream",
    "SeededStream",
    "Simulation",
    "StreamExhaustedError",
    "UnknownGameError",
    "WrongTypeError",
    "bots",
    "games",
    "get_game",
    "play_match",
    "probability",
    "record",
    "register",
    "replay",
    "simulate",
    "simulate_batch",
]

__version__ = "0.1.0.dev0"
