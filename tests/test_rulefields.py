"""The validated Rules fields every game's Rules class is built from."""

from __future__ import annotations

import attrs
import pytest

from dicerules import InvalidRulesError
from dicerules.rulefields import boolean, choice, integer, optional_integer


@attrs.frozen
class Sample:
    count: int = integer(3, 1, 10)
    floor: int = integer(0, low=0)
    ceiling: int = integer(0, high=5)
    cap: int | None = optional_integer(None, 1, 50)
    flag: bool = boolean(False)
    mode: str = choice("a", ("a", "b"))


def test_defaults_and_values_in_range_are_accepted() -> None:
    assert Sample() == Sample(3, 0, 0, None, False, "a")
    assert Sample(count=10, floor=10**6, ceiling=-(10**6), cap=50, flag=True, mode="b").cap == 50


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("count", 0, "count must be an int from 1 to 10, got 0"),
        ("count", 11, "count must be an int from 1 to 10, got 11"),
        ("count", True, "count must be an int from 1 to 10, got True"),
        ("count", 2.0, "count must be an int from 1 to 10, got 2.0"),
        ("count", "3", "count must be an int from 1 to 10, got '3'"),
        ("floor", -1, "floor must be an int >= 0, got -1"),
        ("ceiling", 6, "ceiling must be an int <= 5, got 6"),
        ("cap", 0, "cap must be None or an int from 1 to 50, got 0"),
        ("cap", False, "cap must be None or an int from 1 to 50, got False"),
        ("flag", 1, "flag must be True or False, got 1"),
        ("flag", None, "flag must be True or False, got None"),
        ("mode", "A", "mode must be 'a' or 'b', got 'A'"),
        ("mode", None, "mode must be 'a' or 'b', got None"),
    ],
)
def test_a_bad_value_names_the_field_and_what_it_allows(
    field: str, value: object, message: str
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        Sample(**{field: value})  # type: ignore[arg-type]
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


def test_evolve_validates_too() -> None:
    with pytest.raises(InvalidRulesError, match="cap"):
        attrs.evolve(Sample(), cap=51)
