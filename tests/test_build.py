"""The fast builders (``dicerules._build``) make objects no different from the constructors'.

One parametrized test runs over every class some builder makes, with objects
gathered from games of every registered game; then a class whose fields change
under call sites that do not: it works, or fails when its builder is made.
"""

from __future__ import annotations

import copy
import linecache
import pickle
import sys
import types
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from helpers import random_game

import dicerules
from dicerules import ScriptedStream, _build
from dicerules.tape import Log

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)
PER_CLASS = 150  # objects checked per class, spread over the games


def built_classes() -> list[type]:
    """Every class a builder or an evolver was made for, once every game is loaded."""
    for name in dicerules.GAMES:
        dicerules.get_game(name)
    classes = {key[0] for key in _build._GENERATED}
    return sorted(classes, key=lambda cls: (cls.__module__, cls.__qualname__))


BUILT = built_classes()


def label(cls: type) -> str:
    return f"{cls.__module__.removeprefix('dicerules.')}.{cls.__qualname__}"


def reachable(root: object) -> Iterator[object]:
    """``root`` and every value inside it, through attrs fields and tuples (not into Logs)."""
    stack, seen = [root], set()
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if type(obj) is tuple:
            stack.extend(obj)
        elif attrs.has(type(obj)):
            stack.extend(getattr(obj, field.name) for field in attrs.fields(type(obj)))


def gather() -> dict[type, list[object]]:
    """Objects of each built class, from whole random games of every game and preset."""
    found: dict[type, list[object]] = defaultdict(list)
    keep = []
    for name in dicerules.GAMES:
        game = dicerules.get_game(name)
        for rules in game.presets.values():
            for seed in range(3):
                keep += random_game(game, rules, seed, seed, 3000)
    stream = ScriptedStream((3, 1, 4, 1, 5, 6))
    for count in (0, 1, 2, 3):
        keep.append(stream.roll(count)[1])
    seen: set[int] = set()
    for state in keep:
        tape = getattr(state, "tape", None)
        roots = [state] if tape is None else [state, tape.actions, tape.rolls]
        for root in roots:
            for obj in reachable(root):
                if type(obj) in BUILT and id(obj) not in seen:
                    seen.add(id(obj))
                    found[type(obj)].append(obj)
    return {cls: objs[:: max(1, len(objs) // PER_CLASS)] for cls, objs in found.items()}


@pytest.fixture(scope="module")
def samples() -> dict[type, list[object]]:
    return gather()


def slot_names(cls: type) -> set[str]:
    """Every slot ``cls`` and its bases declare, but the weakref slot."""
    names = {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}
    return names - {"__weakref__"}


def constructed(obj: Any) -> Any:
    """The object the class's own constructor makes from ``obj``'s values."""
    cls = type(obj)
    if cls is Log:
        return Log.of(tuple(obj))
    values = {field.alias: getattr(obj, field.name) for field in attrs.fields(cls) if field.init}
    return cls(**values)


def test_every_class_with_a_builder_is_known() -> None:
    names = {label(cls) for cls in BUILT}
    assert {"tape.Log", "tape.Tape", "streams.SeededStream", "streams.ScriptedStream"} <= names
    for name in dicerules.GAMES:
        state_class = dicerules.get_game(name).State
        if state_class.__module__.startswith("dicerules."):  # plugins build as they like
            assert state_class in BUILT


@pytest.mark.parametrize("cls", BUILT, ids=label)
def test_a_built_object_is_the_value_its_constructor_makes(
    cls: type, samples: dict[type, list[object]]
) -> None:
    objects = samples.get(cls, [])
    assert len(objects) >= 3, f"no games made enough {label(cls)} objects to check"
    for obj in objects:
        assert type(obj) is cls
        for name in slot_names(cls):
            getattr(obj, name)  # AttributeError if the builder left a slot unset
        slow = constructed(obj)
        assert obj == slow and slow == obj
        assert hash(obj) == hash(slow)
        assert repr(obj) == repr(slow)
        for protocol in (0, 2, pickle.HIGHEST_PROTOCOL):
            back = pickle.loads(pickle.dumps(obj, protocol))
            assert type(back) is cls and back == obj and hash(back) == hash(obj)
        assert copy.copy(obj) == obj and copy.deepcopy(obj) == obj
        if attrs.has(cls):
            assert attrs.evolve(obj) == obj
            field = attrs.fields(cls)[0]
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                setattr(obj, field.name, getattr(obj, field.name))
        else:
            with pytest.raises(AttributeError):
                obj._len = 0  # type: ignore[attr-defined]


@pytest.mark.parametrize("cls", BUILT, ids=label)
def test_a_builder_fills_each_slot_once_a_line_then_swaps_the_class(cls: type) -> None:
    key = next(key for key in _build._GENERATED if key[0] is cls and key[3] is None)
    lines = linecache.getlines(_build._GENERATED[key].__code__.co_filename)
    swapped = _build._plain_class(cls) is not None
    store = "self." if swapped else "_set_"
    stores = [line.split()[0] for line in lines if line.lstrip().startswith(store)]
    filled = {field.name for field in attrs.fields(cls)} if attrs.has(cls) else set()
    filled |= set(key[1])  # the slots named to the builder
    expected = [f"self.{name}" if swapped else f"_set_{name}(self," for name in filled]
    assert sorted(stores) == sorted([*expected, *(["self.__class__"] if swapped else [])])
    assert lines[-2].strip() == ("self.__class__ = _cls" if swapped else lines[-2].strip())


# ------------------------------------------------ a class whose fields change

CLASS = """
import attrs
from dicerules._build import builder, evolver

@attrs.frozen(weakref_slot={weakref})
class Point:
    x: int
    y: int
{extra}

_new_point = builder(Point)
_moved = evolver(Point, "x")


def made():
    return _new_point(x=1, y=2)  # the call sites do not change with the class


def moved(point):
    return _moved(point, x=5)
"""

GAINS_WITH_A_DEFAULT = [
    "",
    "    label: str = 'p'",
    "    tags: tuple[str, ...] = attrs.field(factory=tuple)",
    "    norm: int = attrs.field(init=False, default=attrs.Factory(lambda p: p.x + p.y, True))",
    "    size: int = attrs.field(init=False, default=7)",
    "    z: int = attrs.field(kw_only=True, default=3)",
]


def load(extra: str, weakref: bool) -> types.ModuleType:
    """The module ``CLASS`` with ``extra`` fields, importable (so that it pickles)."""
    module = types.ModuleType("built_point")
    sys.modules[module.__name__] = module
    exec(CLASS.format(extra=extra, weakref=weakref), module.__dict__)
    return module


@pytest.fixture(autouse=True)
def _forget_the_module() -> Iterator[None]:
    yield
    sys.modules.pop("built_point", None)


@pytest.mark.parametrize("weakref", [False, True])
@pytest.mark.parametrize("extra", GAINS_WITH_A_DEFAULT)
def test_a_field_gained_with_a_default_is_built(extra: str, weakref: bool) -> None:
    module = load(extra, weakref)
    point = module.made()
    slow = module.Point(x=1, y=2)
    for name in slot_names(module.Point):
        assert getattr(point, name) == getattr(slow, name)
    assert point == slow and hash(point) == hash(slow) and repr(point) == repr(slow)
    assert pickle.loads(pickle.dumps(point)) == point
    assert attrs.evolve(point, x=5) == module.moved(point) == module.Point(x=5, y=2)
    assert attrs.asdict(module.moved(point)) == attrs.asdict(module.Point(x=5, y=2))


def test_a_field_gained_without_a_default_fails_at_the_call() -> None:
    module = load("    z: int", weakref=False)
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'z'"):
        module.made()
    assert module.moved(module._new_point(x=1, y=2, z=3)) == module.Point(5, 2, 3)


def test_a_class_a_builder_could_leave_unfilled_fails_at_import() -> None:
    with pytest.raises(TypeError, match="init=False and no default"):
        load("    z: int = attrs.field(init=False)", weakref=False)


def test_an_evolver_of_a_field_the_class_lost_fails_at_import() -> None:
    module = load("    old: int = 0", weakref=False)
    with pytest.raises(TypeError, match="no field to evolve named w"):
        _build.evolver(module.Point, "w")
    with pytest.raises(TypeError, match="'old' cannot be a parameter"):
        _build.evolver(module.Point, "old")


def test_an_inline_fill_of_a_class_that_gained_a_slot_fails_at_import() -> None:
    assert _build.plain_class(load("", weakref=False).Point, "x", "y")
    with pytest.raises(TypeError, match="slots are label, x, y"):
        _build.plain_class(load("    label: str = ''", weakref=False).Point, "x", "y")
    with pytest.raises(TypeError, match="cannot be made"):
        if sys.version_info >= (3, 12):
            raise TypeError("cannot be made")  # 3.12 swaps classes with a weakref slot too
        _build.plain_class(load("", weakref=True).Point, "x", "y")


def test_a_builder_is_made_once_per_class() -> None:
    module = load("", weakref=False)
    assert _build.builder(module.Point) is module._new_point
    assert _build.evolver(module.Point, "x") is module._moved
    other = load("", weakref=False)
    assert _build.builder(other.Point) is not module._new_point


def test_fixed_values_are_no_parameters() -> None:
    module = load("    label: str = 'p'", weakref=False)
    build = _build.builder(module.Point, fixed={"y": 0, "label": "q"})
    assert build(x=3) == module.Point(3, 0, "q")
    with pytest.raises(TypeError):
        build(x=3, y=1)
    with pytest.raises(TypeError, match="no parameter w to fix"):
        _build.builder(module.Point, fixed={"w": 0})
