"""HTTP views for training sessions: parse, call one service or selector, shape the response."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from apps.participants.selectors import participant_scope, protocol_scope
from apps.training import selectors, services
from apps.training.serializers import (
    SessionAbandonSerializer,
    SessionCreateSerializer,
    SessionFilterSerializer,
    SessionSerializer,
)


def _parsed(serializer_class, data, **kwargs) -> dict:
    serializer = serializer_class(data=data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class SessionListView(GenericAPIView):
    @extend_schema(
        parameters=[SessionFilterSerializer],
        responses=SessionSerializer(many=True),
        summary="Sessions of the participants you may see",
    )
    def get(self, request):
        filters = _parsed(SessionFilterSerializer, request.query_params)
        sessions = selectors.session_list(
            user=request.user,
            participant_id=filters.get("participant"),
            study_id=filters.get("study"),
            status=filters.get("status"),
        )
        page = self.paginate_queryset(sessions)
        return self.get_paginated_response(SessionSerializer(page, many=True).data)

    @extend_schema(
        request=SessionCreateSerializer,
        responses={201: SessionSerializer},
        summary="Start a sitting now, or schedule one",
        description="Idempotent with ``client_key``: the same key again answers with the "
        "sitting it made (the same answer, 201), and changes nothing.",
    )
    def post(self, request):
        data = _parsed(
            SessionCreateSerializer,
            request.data,
            participants=participant_scope(user=request.user),
            protocols=protocol_scope(user=request.user),
        )
        session = services.session_create(actor=request.user, **data)
        return Response(SessionSerializer(session).data, status=status.HTTP_201_CREATED)


class SessionDetailView(GenericAPIView):
    @extend_schema(responses=SessionSerializer, summary="A session")
    def get(self, request, pk: int):
        session = selectors.session_get(user=request.user, session_id=pk)
        return Response(SessionSerializer(session).data)


class SessionStartView(GenericAPIView):
    @extend_schema(request=None, responses=SessionSerializer, summary="Start a scheduled sitting")
    def post(self, request, pk: int):
        session = selectors.session_get(user=request.user, session_id=pk)
        session = services.session_start(session=session, actor=request.user)
        return Response(SessionSerializer(session).data)


class SessionCompleteView(GenericAPIView):
    @extend_schema(request=None, responses=SessionSerializer, summary="Complete a started sitting")
    def post(self, request, pk: int):
        session = selectors.session_get(user=request.user, session_id=pk)
        session = services.session_complete(session=session, actor=request.user)
        return Response(SessionSerializer(session).data)


class SessionAbandonView(GenericAPIView):
    @extend_schema(
        request=SessionAbandonSerializer,
        responses=SessionSerializer,
        summary="Abandon a scheduled or started sitting",
    )
    def post(self, request, pk: int):
        session = selectors.session_get(user=request.user, session_id=pk)
        data = _parsed(SessionAbandonSerializer, request.data)
        session = services.session_abandon(session=session, actor=request.user, **data)
        return Response(SessionSerializer(session).data)
