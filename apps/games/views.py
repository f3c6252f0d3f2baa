"""Game endpoints for staff (session or token) and for participant devices (a game link)."""

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.games import links, practice, selectors, services
from apps.games.models import Game
from apps.games.runtime.receipts import Reply
from apps.games.serializers import (
    ActionSerializer,
    ExaminationEventSerializer,
    GameSummarySerializer,
    PlayLinkRequestSerializer,
    ProbeAnswerSerializer,
)
from apps.games.shapes.record import GameRecordSerializer
from apps.games.shapes.seat import PlayLinkSerializer, PracticeSerializer, SeatViewSerializer
from apps.training.selectors import session_get

REFUSED = OpenApiResponse(description="Refused: the error shape, with the RULES.md code")


def _answer(answer: Reply) -> HttpResponse:
    """The answer's stored bytes, as they were the first time."""
    return HttpResponse(answer.body, status=answer.status, content_type="application/json")


class SessionGamesView(APIView):
    """The games of a training session; POST starts the session's game."""

    def _session(self, request, session_id):
        return session_get(user=request.user, session_id=session_id)

    @extend_schema(responses=GameSummarySerializer(many=True), summary="A session's games")
    def get(self, request, session_id: int):
        games = selectors.session_games(self._session(request, session_id)).order_by("created_at")
        return Response(GameSummarySerializer(games, many=True).data)

    @extend_schema(request=None, responses={201: SeatViewSerializer}, summary="Start a game")
    def post(self, request, session_id: int):
        game = services.game_create(session=self._session(request, session_id))
        return Response(services.game_view(game_id=game.pk), status=201)


class SessionPracticeView(APIView):
    """The session's practice round: whether one is offered; POST starts it."""

    @extend_schema(responses=PracticeSerializer, summary="A session's practice round")
    def get(self, request, session_id: int):
        session = session_get(user=request.user, session_id=session_id)
        return Response(practice.practice_state(session=session))

    @extend_schema(
        request=None,
        responses={201: SeatViewSerializer, 409: REFUSED},
        summary="Start the practice round",
    )
    def post(self, request, session_id: int):
        game = practice.practice_create(
            session=session_get(user=request.user, session_id=session_id)
        )
        return Response(services.game_view(game_id=game.pk), status=201)


class _GameView(APIView):
    """Staff acting on a participant's game (a clinician handing over the device)."""

    def game(self, request, game_id: int) -> Game:
        return selectors.game_for_staff(user=request.user, game_id=game_id)


class GameView(_GameView):
    @extend_schema(responses=SeatViewSerializer, summary="The participant seat's view")
    def get(self, request, game_id: int):
        return Response(services.game_view(game_id=self.game(request, game_id).pk))


def _act(request, game_id: int, link: links.Claim | None = None) -> HttpResponse:
    serializer = ActionSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    answer = services.game_act(
        game_id=game_id,
        action=serializer.engine_action(),
        request=serializer.client_request(),
        link=link,
    )
    return _answer(answer)


def _examine(request, game_id: int, link: links.Claim | None = None) -> HttpResponse:
    serializer = ExaminationEventSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    answer = services.game_examination_event(
        game_id=game_id,
        event=serializer.examination_event(),
        request=serializer.client_request(),
        link=link,
    )
    return _answer(answer)


def _probe(request, game_id: int, link: links.Claim | None = None) -> HttpResponse:
    serializer = ProbeAnswerSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    answer = services.game_probe_answer(
        game_id=game_id,
        answer=serializer.probe_answer(),
        request=serializer.client_request(),
        link=link,
    )
    return _answer(answer)


ACT_SCHEMA = extend_schema(
    request=ActionSerializer,
    responses={200: SeatViewSerializer, 400: REFUSED, 409: REFUSED},
    summary="Play a card, choose a hand, make the 'Stragedy, hide or ask for trump",
)
EXAMINE_SCHEMA = extend_schema(
    request=ExaminationEventSerializer,
    responses={200: SeatViewSerializer, 400: REFUSED, 409: REFUSED},
    summary="Examination: ready, sort, page hidden or visible",
)

PROBE_SCHEMA = extend_schema(
    request=ProbeAnswerSerializer,
    responses={200: SeatViewSerializer, 400: REFUSED, 409: REFUSED},
    summary="Answer the recall probe waiting",
)


class GameActionsView(_GameView):
    @ACT_SCHEMA
    def post(self, request, game_id: int):
        return _act(request, self.game(request, game_id).pk)


class GameExaminationView(_GameView):
    @EXAMINE_SCHEMA
    def post(self, request, game_id: int):
        return _examine(request, self.game(request, game_id).pk)


class GameProbesView(_GameView):
    @PROBE_SCHEMA
    def post(self, request, game_id: int):
        return _probe(request, self.game(request, game_id).pk)


class GameReplayView(_GameView):
    @extend_schema(responses=GameRecordSerializer, summary="Full record of a finished game")
    def get(self, request, game_id: int):
        return Response(selectors.game_full_record(self.game(request, game_id)))


class GameLinkView(_GameView):
    @extend_schema(
        request=PlayLinkRequestSerializer,
        responses={201: PlayLinkSerializer},
        summary="A single-game link for a participant's device",
    )
    def post(self, request, game_id: int):
        serializer = PlayLinkRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = services.game_link_issue(
            game=self.game(request, game_id),
            revoke_previous=serializer.validated_data["revoke_previous"],
        )
        token = links.play_link_token(game)
        body = {
            "token": token,
            "path": f"/play/{token}",
            "expires_in_seconds": links.LINK_HOURS * 3600,
        }
        return Response(body, status=201)


class _PlayView(APIView):
    """A participant device: the link is the only credential, and only for its game's seat."""

    permission_classes = [AllowAny]
    authentication_classes: list = []


class PlayView(_PlayView):
    @extend_schema(responses=SeatViewSerializer, summary="The linked game, as its participant")
    def get(self, request, token: str):
        claim = links.play_link_claim(token)
        return Response(services.game_view(game_id=claim.game_id, link=claim))


class PlayActionsView(_PlayView):
    @ACT_SCHEMA
    def post(self, request, token: str):
        claim = links.play_link_claim(token)
        return _act(request, claim.game_id, claim)


class PlayExaminationView(_PlayView):
    @EXAMINE_SCHEMA
    def post(self, request, token: str):
        claim = links.play_link_claim(token)
        return _examine(request, claim.game_id, claim)


class PlayProbesView(_PlayView):
    @PROBE_SCHEMA
    def post(self, request, token: str):
        claim = links.play_link_claim(token)
        return _probe(request, claim.game_id, claim)
