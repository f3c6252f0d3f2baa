"""A game state's fields, each declared once, and what is made from that one list.

A game's state class lists every field as an annotated class attribute whose default says how
JSON keeps it::

    round_no: int = kept("round")                     # stored under "round", as it is
    hands: tuple[int, int] = kept("hands", dump=..., load=...)
    lame_duck: int = rebuilt(lambda s: 1 - s.lucky_duck)  # not stored: rebuilt on load
    setup: dict[str, Any] = beside()                  # the envelope's "setup", not the "state"

:func:`game_fields` turns that class into a slotted one (through :mod:`dataclasses`, which
reads the list) and gives it ``copy``, ``to_json`` and ``from_json`` made from the same list.
``copy`` is compiled to a run of plain assignments, as :mod:`dataclasses` compiles its own
methods: it is on the engine's hot path (every checked action copies the state).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from .base import GameState, deep, invalid
from .cards import CARD_NAMES, cards_mask, mask_strs, parse_card, parse_deck

_KIND = "memulation_lab.kept"
_KEPT, _REBUILT, _BESIDE, _TRANSIENT = "kept", "rebuilt", "beside", "transient"


def _same(value: Any) -> Any:
    return value


def kept(
    key: str,
    index: int | None = None,
    *,
    dump: Callable[[Any], Any] = _same,
    load: Callable[[Any], Any] = _same,
) -> Any:
    """A field stored in the JSON ``state`` under ``key`` (``dump`` on the way out, ``load``
    on the way in). With ``index``, several fields share ``key`` as the items of one list."""
    spec = {"key": key, "index": index, "dump": dump, "load": load}
    return dataclasses.field(metadata={_KIND: _KEPT, **spec})


def rebuilt(derive: Callable[[Any], Any]) -> Any:
    """A field not stored: ``derive(state)`` rebuilds it once every stored field is loaded."""
    return dataclasses.field(metadata={_KIND: _REBUILT, "derive": derive})


def beside() -> Any:
    """A field kept in the JSON envelope beside the ``state`` (the creation record)."""
    return dataclasses.field(metadata={_KIND: _BESIDE})


def transient() -> Any:
    """A field that is neither copied nor stored nor compared (what the last action did)."""
    return dataclasses.field(metadata={_KIND: _TRANSIENT})


def game_fields[S: GameState](cls: type[S]) -> type[S]:
    """Make a state class from its field list: slots, ``copy``, ``to_json``, ``from_json``."""
    cls = dataclasses.dataclass(slots=True, init=False, repr=False, eq=False, match_args=False)(cls)
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    kinds = {f.name: f.metadata.get(_KIND) for f in fields}
    untold = [name for name, kind in kinds.items() if kind is None]
    if untold:
        raise TypeError(f"{cls.__name__}: say how JSON keeps {', '.join(untold)}")
    stored = [f for f in fields if kinds[f.name] == _KEPT]
    derived = [(f.name, f.metadata["derive"]) for f in fields if kinds[f.name] == _REBUILT]
    copied = [f.name for f in fields if kinds[f.name] != _TRANSIENT]
    cls._STATE_SLOTS = tuple(copied)
    setattr(cls, "copy", _compile_copy(cls, copied))  # noqa: B010  (made, not written)

    # JSON keys in field order; fields sharing a key fill the items of one list.
    keys: dict[str, list[tuple[int | None, str, Callable[[Any], Any], Callable[[Any], Any]]]] = {}
    for f in stored:
        m = f.metadata
        keys.setdefault(m["key"], []).append((m["index"], f.name, m["dump"], m["load"]))
    layout = [(key, sorted(parts, key=lambda p: p[0] or 0)) for key, parts in keys.items()]
    game = cls.GAME
    title = game.capitalize()

    def to_json(self: S) -> dict[str, Any]:
        """The whole state as JSON-ready data; :meth:`from_json` restores it exactly."""
        state: dict[str, Any] = {}
        for key, parts in layout:
            if parts[0][0] is None:
                _, name, dump, _load = parts[0]
                state[key] = dump(getattr(self, name))
            else:
                state[key] = [dump(getattr(self, name)) for _, name, dump, _load in parts]
        return {"game": game, "format": 1, "setup": deep(self.setup), "state": state}

    def from_json(klass: type[S], data: dict[str, Any]) -> S:
        """Rebuild a state from :meth:`to_json` output."""
        try:
            if data["game"] != game or data["format"] != 1:
                raise invalid(f"not a serialised {title} state")
            new = object.__new__(klass)
            new.setup = deep(data["setup"])
            s = data["state"]
            for key, parts in layout:
                value = s[key]
                for index, name, _dump, load in parts:
                    setattr(new, name, load(value if index is None else value[index]))
            for name, derive in derived:
                setattr(new, name, derive(new))
            new.events = []
            return new
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise invalid(f"not a serialised {title} state ({error!r})") from error

    setattr(cls, "to_json", to_json)  # noqa: B010
    setattr(cls, "from_json", classmethod(from_json))  # noqa: B010
    return cls


def _compile_copy(cls: type, names: list[str]) -> Callable[[Any], Any]:
    lines = [f"    new.{name} = self.{name}" for name in names]
    source = "\n".join(
        [
            "def copy(self):",
            '    """A shallow copy: every field is immutable, so nothing is shared that could'
            ' change."""',
            "    new = _new(type(self))",
            *lines,
            "    new.events = []",
            "    return new",
        ]
    )
    namespace: dict[str, Any] = {"_new": object.__new__}
    exec(source, namespace)  # the generated code names only the class's own fields
    copy: Callable[[Any], Any] = namespace["copy"]
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    return copy


# ---------------------------------------------------------------- codecs both games use


def card_to_json(card: int) -> str | None:
    return None if card < 0 else CARD_NAMES[card]


def card_from_json(text: Any) -> int:
    return -1 if text is None else parse_card(text)


def deck_from_json(texts: Any) -> tuple[int, ...]:
    return tuple(parse_deck(texts))


def history_to_json(history: tuple[Any, ...]) -> list[dict[str, Any]]:
    """Finished rounds as records (a round is kept as its final state until it is stored)."""
    records: list[dict[str, Any]] = deep(
        [h if isinstance(h, dict) else h._history_record() for h in history]
    )
    return records


def history_from_json(records: Any) -> tuple[Any, ...]:
    return tuple(deep(records))


def hands_from_json(seats: int) -> Callable[[Any], tuple[int, ...]]:
    """Every seat's hand from card strings, one list a seat."""

    def load(hands: Any) -> tuple[int, ...]:
        if len(hands) != seats:
            raise ValueError(f"{seats} hands expected, not {len(hands)}")
        return tuple(cards_mask(parse_card(c) for c in hand) for hand in hands)

    return load


def hands_to_json(hands: tuple[int, ...]) -> list[list[str]]:
    return [mask_strs(h) for h in hands]


def pair_from_json(values: Any) -> tuple[int, int]:
    first, second = values
    return first, second


def optional_list(value: tuple[Any, ...] | None) -> list[Any] | None:
    return None if value is None else list(value)


def optional_tuple(value: Any) -> tuple[Any, ...] | None:
    return None if value is None else tuple(value)


def phase_from_json(phases: tuple[str, ...]) -> Callable[[Any], str]:
    def load(phase: Any) -> str:
        if phase not in phases:
            raise invalid("unknown phase")
        return phases[phases.index(phase)]

    return load
