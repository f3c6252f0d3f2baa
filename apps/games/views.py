"""Game endpoints for staff (session or token) and for participant devices (a game link)."""

import logging

from django.http import HttpResponse
from django.utils import translation
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from apps.games import languages, links, practice, selectors, services
from apps.games.models import Game
from apps.games.runtime.receipts import Reply
from apps.games.serializers import (
    ActionSerializer,
    ExaminationEventSerializer,
    GameSummarySerializer,
    JoinCodeSerializer,
    PlayLinkRequestSerializer,
    ProbeAnswerSerializer,
    SeatLanguageSerializer,
)
from apps.games.shapes.record import GameRecordSerializer
from apps.games.shapes.seat import (
    JoinLinkSerializer,
    PlayLinkSerializer,
    PracticeSerializer,
    SeatViewSerializer,
)
from apps.training.selectors import session_get

log = logging.getLogger(__name__)
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


LANGUAGE_GET = extend_schema(
    responses={200: SeatLanguageSerializer, 404: REFUSED},
    summary="The language of the participant at this seat (the play screen's)",
)
LANGUAGE_PUT = extend_schema(
    request=SeatLanguageSerializer,
    responses={200: SeatLanguageSerializer, 400: REFUSED, 404: REFUSED},
    summary="The participant at this seat changes their language",
)


def _language(participant) -> Response:
    return Response(SeatLanguageSerializer({"language": participant.language}).data)


class GameLanguageView(_GameView):
    """A handed-over device's play screen: the game's participant's language."""

    @LANGUAGE_GET
    def get(self, request, game_id: int):
        game = self.game(request, game_id)
        return _language(languages.seat_participant(game_id=game.pk, link=None))

    @LANGUAGE_PUT
    def put(self, request, game_id: int):
        game = self.game(request, game_id)
        language = _parsed_language(request)
        participant = languages.seat_language_set(
            game_id=game.pk, link=None, actor=request.user, language=language
        )
        translation.activate(participant.language)  # the device's answers follow at once
        return _language(participant)


def _parsed_language(request) -> str:
    serializer = SeatLanguageSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data["language"]


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
        body = services.game_device_link(
            game=self.game(request, game_id),
            revoke_previous=serializer.validated_data["revoke_previous"],
        )
        return Response(body, status=201)


class JoinThrottle(ScopedRateThrottle):
    """Join codes are short: guesses are held back per address (``join``: 10 a minute). A cache
    that cannot be reached lets the request through (codes still expire with their links)."""

    def allow_request(self, request, view) -> bool:
        try:
            return super().allow_request(request, view)
        except Exception:
            log.warning("join code rate limit unavailable: the cache cannot be reached")
            return True


class JoinCodeView(APIView):
    """A person who cannot scan the QR code types its short code: answered with the link."""

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [JoinThrottle]
    throttle_scope = "join"

    @extend_schema(
        request=JoinCodeSerializer,
        responses={200: JoinLinkSerializer, 404: REFUSED, 429: REFUSED},
        summary="The device link a join code stands for",
    )
    def post(self, request):
        serializer = JoinCodeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(services.game_join_code_link(code=serializer.validated_data["code"]))


class _PlayView(APIView):
    """A participant device: the link is the only credential, and only for its game's seat."""

    permission_classes = [AllowAny]
    authentication_classes: list = []


class PlayView(_PlayView):
    @extend_schema(responses=SeatViewSerializer, summary="The linked game, as its participant")
    def get(self, request, token: str):
        claim = links.play_link_claim(token)
        return Response(services.game_view(game_id=claim.game_id, link=claim))


class PlayLanguageView(_PlayView):
    @LANGUAGE_GET
    def get(self, request, token: str):
        claim = links.play_link_claim(token)
        return _language(languages.seat_participant(game_id=claim.game_id, link=claim))

    @LANGUAGE_PUT
    def put(self, request, token: str):
        claim = links.play_link_claim(token)
        language = _parsed_language(request)
        participant = languages.seat_language_set(
            game_id=claim.game_id, link=claim, actor=None, language=language
        )
        translation.activate(participant.language)
        return _language(participant)


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
