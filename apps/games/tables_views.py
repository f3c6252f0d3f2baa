"""Table endpoints: staff open a table and follow it, devices join their seat, staff watch."""

from collections.abc import Callable

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.common.errors import NotFound
from apps.games import links, seating, selectors, services
from apps.games.models import Game
from apps.games.runtime.seats import is_table
from apps.games.serializers import TableControlSerializer, TableCreateSerializer
from apps.games.shapes.seat import SeatViewSerializer
from apps.games.shapes.tables import TableSerializer, WatchViewSerializer

REFUSED = OpenApiResponse(description="Refused: the error shape, with its code")


def _table(request, game_id: int) -> Game:
    game = selectors.game_for_staff(user=request.user, game_id=game_id)
    if not is_table(game):
        raise NotFound(gettext("This game is not a table."))
    return game


def _body(request, game: Game) -> dict:
    return seating.table_body(game, absolute=request.build_absolute_uri)


class TablesView(APIView):
    @extend_schema(
        request=TableCreateSerializer,
        responses={201: TableSerializer, 400: REFUSED, 404: REFUSED, 409: REFUSED},
        summary="Open a table for several people",
    )
    def post(self, request):
        serializer = TableCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = seating.table_open(
            user=request.user,
            protocol_id=serializer.validated_data["protocol"],
            seats=serializer.validated_data["seats"],
        )
        return Response(_body(request, game), status=201)


class TableView(APIView):
    @extend_schema(responses=TableSerializer, summary="A table: its seats, who has joined")
    def get(self, request, game_id: int):
        return Response(_body(request, _table(request, game_id)))


class TableLinksView(APIView):
    @extend_schema(
        request=None,
        responses={201: TableSerializer, 409: REFUSED},
        summary="New links for every seat of a table (the earlier ones stop working)",
    )
    def post(self, request, game_id: int):
        game = seating.table_links_reissue(game=_table(request, game_id))
        return Response(_body(request, game), status=201)


CONTROLS: dict[str, Callable[..., Game]] = {
    "cancel": seating.table_cancel,
    "pause": seating.table_pause,
    "resume": seating.table_resume,
    "end": seating.table_end,
    "seat_computer": seating.table_seat_computer,
    "seat_person": seating.table_seat_return,
}


class TableControlView(APIView):
    @extend_schema(
        request=TableControlSerializer,
        responses={200: TableSerializer, 400: REFUSED, 403: REFUSED, 404: REFUSED, 409: REFUSED},
        summary="Run a table: cancel, pause, resume, end; the computer in a seat, or back",
    )
    def post(self, request, game_id: int):
        game = _table(request, game_id)  # another's table stays hidden, whatever the body
        serializer = TableControlSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        control = CONTROLS[data["action"]]
        seat = {"seat": data["seat"]} if "seat" in data else {}
        game = control(user=request.user, game=game, **seat)
        return Response(_body(request, game))


class PlayJoinView(APIView):
    """A device takes its seat: the link is the only credential."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        request=None,
        responses={200: SeatViewSerializer, 403: REFUSED, 409: REFUSED},
        summary="Take the link's seat at its table (the last to join starts the game)",
    )
    def post(self, request, token: str):
        return Response(seating.table_join(link=links.play_link_claim(token)))


class GameWatchView(APIView):
    @extend_schema(
        responses=WatchViewSerializer,
        summary="A spectator's view: public information while running, everything after",
    )
    def get(self, request, game_id: int):
        game = selectors.game_for_staff(user=request.user, game_id=game_id)
        return Response(services.watch_view(game))
