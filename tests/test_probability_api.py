"""The shape of dicerules.probability's API, the same in each game's section."""

from __future__ import annotations

import inspect
import pydoc
from collections.abc import Callable
from typing import Any

from dicerules import probability as P

_FUNCTIONS: dict[str, Callable[..., Any]] = {name: getattr(P, name) for name in P.__all__}
_EXACT = sorted(name for name in _FUNCTIONS if not name.endswith("_float"))
_FLAGS = {"sides", "ones_wild", "straights_wild", "playing", "floor_points", "rules"}
"""The arguments that say how a game is played rather than what a seat sees."""


def test_all_is_sorted_and_names_every_public_function() -> None:
    assert list(P.__all__) == sorted(P.__all__)
    public = {
        name for name, value in vars(P).items() if callable(value) and not name.startswith("_")
    }
    assert public == set(P.__all__)


def test_each_float_twin_takes_the_arguments_of_its_exact_function() -> None:
    twins = [name for name in _FUNCTIONS if name.endswith("_float")]
    assert len(twins) == 10  # every exact function but best_choice, which picks an action
    for twin in twins:
        exact = twin.removesuffix("_float")
        assert exact in _FUNCTIONS, twin
        twin_signature = inspect.signature(_FUNCTIONS[twin])
        assert twin_signature.parameters == inspect.signature(_FUNCTIONS[exact]).parameters
        assert "float" in str(twin_signature.return_annotation), twin
    # help() shows them too, not (*args, **kwargs). Spaces taken out: pydoc from 3.13
    # on breaks a long signature over several lines.
    assert "turn_value_float(*,rules:" in _help_text(P.turn_value_float)
    stand = _help_text(P.stand_points_float)
    assert "stand_points_float(hand" in stand and "floor_points" in stand


def _help_text(function: Callable[..., Any]) -> str:
    """What help() prints for ``function``, every space and line break taken out."""
    return "".join(pydoc.plain(pydoc.render_doc(function)).split())


def test_the_game_settings_are_keywords_only() -> None:
    seen = set()
    for name, function in _FUNCTIONS.items():
        for parameter in inspect.signature(function).parameters.values():
            if parameter.name in _FLAGS:
                seen.add(parameter.name)
                assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, (name, parameter.name)
    assert seen == _FLAGS


def test_the_module_docs_name_every_exact_function() -> None:
    doc = P.__doc__ or ""
    for name in _EXACT:
        assert f"``{name}``" in doc, name
