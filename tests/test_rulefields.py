"""The validated Rules fields every game's Rules class is built from."""

from __future__ import annotations

import attrs
import pytest

from dicerules import InvalidRulesError
from dicerules.rulefields import (
    boolean,
    choice,
    integer,
    later_field,
    optional_integer,
    quiet_repr,
)


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


# ------------------------------------------------------------ derived defaults


def test_evolve_derives_a_derived_default_again() -> None:
    import dicerules
    from dicerules.rulefields import evolve

    eighteen = dicerules.get_game("eighteen")
    standard, hosted = eighteen.default_rules, eighteen.presets["hosted"]
    assert standard.max_rounds is None
    assert evolve(standard, permanent_house=0) == hosted  # 50 rounds, derived again
    with pytest.raises(InvalidRulesError, match="set max_rounds"):
        attrs.evolve(standard, permanent_house=0)  # attrs.evolve passes None on
    assert evolve(standard, permanent_house=0, max_rounds=7).max_rounds == 7  # said outright
    assert evolve(hosted, players=5).max_rounds == 50
    assert evolve(attrs.evolve(hosted, max_rounds=9), players=5).max_rounds == 9  # not derived
    assert evolve(hosted, permanent_house=None).max_rounds is None
    with pytest.raises(InvalidRulesError, match="set max_rounds"):
        evolve(standard, permanent_house=0, max_rounds=None)


def test_the_command_lines_rule_settings_derive_a_derived_default_again() -> None:
    import dicerules
    from dicerules.cli.options import make_rules

    eighteen = dicerules.get_game("eighteen")
    assert make_rules(eighteen, None, None, ["permanent_house=0"]) == eighteen.presets["hosted"]
    assert make_rules(eighteen, "hosted", 5, []).max_rounds == 50


@attrs.frozen(repr=False)
class Quiet:
    count: int = integer(3, 1, 10)
    mode: str = choice("a", ("a", "b"), added_later=True)
    secret: int = attrs.field(default=0, repr=False)
    marks: tuple[int, ...] = later_field(())
    inner: object = None

    __repr__ = quiet_repr


@attrs.frozen
class Loud:  # Quiet's fields, all shown
    count: int = 3
    mode: str = "a"
    marks: tuple[int, ...] = ()
    inner: object = None


@pytest.mark.parametrize(
    ("quiet", "shown"),
    [
        (Quiet(), "Quiet(count=3, inner=None)"),
        (Quiet(4, "b", 7, (1,)), "Quiet(count=4, mode='b', marks=(1,), inner=None)"),
        (Quiet(mode="b"), "Quiet(count=3, mode='b', inner=None)"),
        (
            Quiet(secret=9, inner=Quiet(marks=(2,))),
            "Quiet(count=3, inner=Quiet(count=3, marks=(2,), inner=None))",
        ),
    ],
)
def test_quiet_repr_leaves_out_only_the_later_fields_at_their_defaults(
    quiet: Quiet, shown: str
) -> None:
    assert repr(quiet) == shown
    if quiet.mode != "a" and quiet.marks:  # every field shown: attrs' own repr, renamed
        loud = Loud(quiet.count, quiet.mode, quiet.marks, quiet.inner)
        assert repr(quiet) == repr(loud).replace("Loud", "Quiet", 1)
