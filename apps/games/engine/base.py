"""What both games share: seeds, reading action fields, and the apply-on-a-copy machinery.

Every game state is a small object with ``__slots__`` whose fields are ints, strings and
tuples (never mutated in place), so :meth:`GameState.copy` is a shallow copy and
:meth:`GameState.apply` is "validate, copy, step the copy".
"""

from __future__ import annotations

import copy as _copy
import hashlib
import random
from collections.abc import Collection, Iterable, Mapping
from typing import Any, Self, TypeGuard, cast

from .cards import DECK_SIZE, parse_card_strict, parse_deck
from .contract import Action, Event
from .errors import RulesError

Events = list[Event]  # what an action did, for the event log


def derive_seed(seed: object, *parts: object) -> int:
    """A 63-bit seed derived from ``seed`` and a path of labels (stable across runs and platforms).

    >>> derive_seed(7, "round", 0) == derive_seed(7, "round", 0)
    True
    >>> derive_seed(7, "round", 0) == derive_seed(7, "round", 1)
    False
    """
    digest = hashlib.sha256(repr((seed, *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def fresh_seed() -> int:
    """A new random seed for a game created without one (it is recorded in the setup)."""
    return random.SystemRandom().getrandbits(63)


def is_int(value: object) -> TypeGuard[int]:
    """A JSON integer (``True``/``False`` are not integers here)."""
    return type(value) is int


def invalid(message: str) -> RulesError:
    return RulesError("invalid_input", message)


def action_fields(
    data: object, kinds: Collection[str], game: str
) -> tuple[Mapping[str, object], str]:
    """An action's JSON object and its ``type``, one of ``kinds`` (else ``invalid_input``)."""
    if not isinstance(data, dict):
        raise invalid("an action must be a JSON object")
    fields: Mapping[str, object] = data
    kind = fields.get("type")
    if not isinstance(kind, str) or kind not in kinds:
        raise invalid(f"{kind!r} is not an action type of {game}")
    return fields, kind


def read_seat(fields: Mapping[str, object], seats: int) -> int:
    seat = fields.get("seat")
    if not is_int(seat) or not 0 <= seat < seats:
        raise invalid(f"an action needs a seat from 0 to {seats - 1}, not {seat!r}")
    return seat


def read_card(fields: Mapping[str, object], kind: str, key: str = "card") -> str:
    """A required card field, as written: missing or null is ``invalid_input``, not a card
    ``invalid_card``."""
    value = fields.get(key)
    if value is None:
        raise invalid(f"a {kind} action needs a {key!r} field")
    parse_card_strict(value)
    assert isinstance(value, str)  # parse_card_strict takes card strings only
    return value


def read_optional_card(fields: Mapping[str, object], key: str) -> str | None:
    """An optional card field, as written (``None`` when missing or null)."""
    value = fields.get(key)
    if value is None:
        return None
    parse_card_strict(value)
    assert isinstance(value, str)
    return value


def read_int(fields: Mapping[str, object], kind: str, key: str) -> int:
    value = fields.get(key)
    if not is_int(value):
        raise invalid(f"a {kind} action needs an integer {key!r} field")
    return value


def read_deck(deck: object) -> tuple[int, ...]:
    """A deck given as 52 card strings (or 52 card numbers), top first."""
    if isinstance(deck, list | tuple) and deck and all(is_int(c) for c in deck):
        if len(deck) != DECK_SIZE or sorted(deck) != list(range(DECK_SIZE)):
            raise invalid("the deck must hold 52 distinct cards")
        return tuple(deck)
    return tuple(parse_deck(list(deck) if isinstance(deck, tuple) else deck, strict=True))


def team_dict(values: tuple[int, ...] | list[int]) -> dict[str, int]:
    """Per-seat or per-team numbers keyed by ``"0"``, ``"1"``, ... as the JSON documents use."""
    return {str(i): v for i, v in enumerate(values)}


class GameState:
    """Behaviour common to :class:`~apps.games.engine.memulation.Memulation` and
    :class:`~apps.games.engine.mendikot.Mendikot`.

    Subclasses provide ``_check(action) -> (move, extra)`` (every refusal, in the RULES.md order)
    and ``_step(move, events, extra)`` (the in-place transition); their field list
    (:func:`~apps.games.engine.fields.game_fields`) gives ``copy()``, ``to_json()`` and
    ``from_json()``.
    """

    __slots__ = ()
    GAME = ""
    SEATS = 0
    _STATE_SLOTS: tuple[str, ...] = ()

    events: list[Event]
    phase: str
    history: tuple[Any, ...]
    setup: dict[str, Any]

    # -- the public, validating interface -------------------------------------------------

    @classmethod
    def read_action(cls, data: object) -> Action:
        """``data`` (JSON from outside) read as one of this game's actions: its type, seat and
        fields checked (``invalid_input``, ``invalid_card``), not yet whether it is legal now."""
        raise NotImplementedError  # pragma: no cover - overridden

    def apply(self, action: Action) -> Self:
        """Apply one action; return the new state. ``self`` is never changed. The action is
        read again (:meth:`read_action`): the engine trusts no caller with its shape.

        Raises :class:`RulesError` with the RULES.md code when the action is refused. The new
        state's ``events`` lists what happened (cards played, tricks won, reveals, deal and round
        ends) so a caller can log it without comparing states.
        """
        move, extra = self._check(action)
        new = self.copy()
        events: list[Event] = []
        new._step(move, events, extra)
        new.events = events  # type: ignore[misc]  # a slot of the subclass's field list
        return new

    def replay(self, actions: Iterable[Action]) -> Self:
        """Apply actions in order and return the final state.

        The first refused action raises its :class:`RulesError`, with ``error.index`` set to its
        0-based position in ``actions``.
        """
        state = self
        for index, action in enumerate(actions):
            try:
                state = state.apply(action)
            except RulesError as error:
                error.index = index
                raise
        return state

    def action_to_move(self, action: Action) -> int:
        """Validate an action dict and return its internal move number (see :meth:`step`)."""
        return self._check(action)[0]

    @property
    def finished(self) -> bool:
        return self.phase == "finished"

    # -- the fast, trusting interface (bots, solvers, benchmarks) -------------------------

    def step(self, move: int) -> None:
        """Apply a move number from :meth:`legal_moves` in place, without any check.

        This is the engine's hot path. It trusts its caller: a move that is not legal leaves
        the state inconsistent. Use :meth:`apply` for anything that comes from outside.
        """
        self._step(move, None, -1)

    # -- equality and serialisation helpers ------------------------------------------------

    def history_records(self) -> list[dict[str, Any]]:
        """Every finished round of the match as a JSON-ready record (oldest first).

        Internally a finished round is kept as a snapshot of the state at its end and turned
        into a record only when asked for, so that simulations do not pay for records.
        """
        return [h if isinstance(h, dict) else h._history_record() for h in self.history]

    def _values(self) -> tuple[Any, ...]:
        return tuple(
            tuple(self.history_records()) if name == "history" else getattr(self, name)
            for name in self._STATE_SLOTS
        )

    def _history_record(self) -> dict[str, Any]:  # pragma: no cover - overridden
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} phase={self.phase!r} to_act={self.to_act!r}>"

    @property
    def to_act(self) -> list[int]:  # pragma: no cover - overridden
        raise NotImplementedError

    # subclass hooks, declared for type checkers
    def _check(self, action: Action) -> tuple[int, int]:  # pragma: no cover
        raise NotImplementedError

    def _step(self, move: int, events: Events | None, extra: int) -> None:  # pragma: no cover
        raise NotImplementedError

    def copy(self) -> Self:  # pragma: no cover
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:  # pragma: no cover
        raise NotImplementedError


_ATOMS = (str, int, float, bool, type(None))


def deep[T](value: T) -> T:
    """A private copy of a JSON-ready value, of the same shape, so callers cannot change a state
    through it.

    Dicts and lists are copied level by level (several times faster than ``copy.deepcopy``,
    which the engine's reads and writes of a state call thousands of times a second); anything
    else that is not immutable goes to ``copy.deepcopy``."""
    return cast(T, _deep(value))


def _deep(value: object) -> object:
    if type(value) is dict:
        return {key: _deep(item) for key, item in value.items()}
    if type(value) is list:
        return [_deep(item) for item in value]
    if type(value) in _ATOMS:
        return value
    return _copy.deepcopy(value)
