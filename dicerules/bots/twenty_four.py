"""The expert bot for twenty-four. (Placeholder until the expert lands: plays uniformly.)"""

from __future__ import annotations

from dicerules.bots.base import RandomBot

__all__ = ["Expert"]


class Expert(RandomBot):
    """Placeholder: uniform random play."""

    name = "expert"
