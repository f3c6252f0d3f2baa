"""The engine's contract (apps/games/engine/contract) and the API schema's shapes
(apps/games/shapes/seat.py) name the same fields: a key added to one is added to the other."""

import pytest

from apps.games.engine.contract import MemulationView, MendikotView
from apps.games.engine.visibility import SEEN_SHAPES
from apps.games.shapes.seat import SEAT_EVENTS, MemulationViewSerializer, MendikotViewSerializer


def _keys(*shapes: type) -> set[str]:
    return {key for shape in shapes for key in shape.__annotations__}


@pytest.mark.parametrize(
    ("view", "serializer"),
    [(MemulationView, MemulationViewSerializer), (MendikotView, MendikotViewSerializer)],
)
def test_a_views_fields_are_the_schemas(view, serializer):
    assert _keys(view) == set(serializer().fields)


def test_every_event_a_seat_is_shown_has_a_schema_shape():
    assert set(SEEN_SHAPES) == set(SEAT_EVENTS)


@pytest.mark.parametrize("kind", sorted(SEAT_EVENTS))
def test_an_events_fields_are_the_schemas(kind):
    shape = SEAT_EVENTS[kind]
    serializer = shape() if isinstance(shape, type) else shape
    assert _keys(*SEEN_SHAPES[kind]) == set(serializer.fields)
