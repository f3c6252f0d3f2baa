"""HTTP views of the assessment visits: parse, call one service or selector, shape."""

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from apps.common.errors import NotFound
from apps.participants.selectors import study_get
from apps.visits import selectors, services
from apps.visits.serializers import (
    AssessorSerializer,
    AssessorsSerializer,
    PointWindowSerializer,
    VisitFilterSerializer,
    VisitListItemSerializer,
    VisitRecordSerializer,
    VisitSerializer,
    VisitWindowsSerializer,
)


def _parsed(serializer_class, data) -> dict:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _assessors(users) -> list[dict]:
    return [
        {"id": u.pk, "username": u.username, "name": u.get_full_name() or u.username} for u in users
    ]


class StudyAssessorsView(GenericAPIView):
    pagination_class = None  # the whole list, never paged

    @extend_schema(responses=AssessorSerializer(many=True), summary="The study's blinded assessors")
    def get(self, request, pk: int):
        study = study_get(user=request.user, study_id=pk)
        return Response(
            AssessorSerializer(_assessors(selectors.study_assessors(study=study)), many=True).data
        )

    @extend_schema(
        request=AssessorsSerializer,
        responses=AssessorSerializer(many=True),
        summary="Place the study's blinded assessors (its owners)",
    )
    def put(self, request, pk: int):
        study = study_get(user=request.user, study_id=pk)
        data = _parsed(AssessorsSerializer, request.data)
        users = services.assessors_set(study=study, actor=request.user, **data)
        return Response(AssessorSerializer(_assessors(users), many=True).data)


def _windows(study_id: int) -> list[dict]:
    rows = []
    for point in selectors.study_points(study_id):
        window = selectors.point_window(point)
        rows.append(
            {
                "point": point.pk,
                "kind": point.kind,
                "label": point.label or point.get_kind_display(),
                "when": point.when,
                "anchor": window.anchor if window else None,
                "opens_day": window.opens_day if window else None,
                "closes_day": window.closes_day if window else None,
                "default": window.default if window else False,
            }
        )
    return rows


class VisitWindowsView(GenericAPIView):
    pagination_class = None  # the whole list, never paged

    @extend_schema(
        responses=PointWindowSerializer(many=True),
        summary="The visit window of each assessment point",
    )
    def get(self, request, pk: int):
        study = study_get(user=request.user, study_id=pk)
        return Response(PointWindowSerializer(_windows(study.pk), many=True).data)

    @extend_schema(
        request=VisitWindowsSerializer,
        responses=PointWindowSerializer(many=True),
        summary="Set the visit windows of assessment points (the study's owners)",
    )
    def put(self, request, pk: int):
        study = study_get(user=request.user, study_id=pk)
        data = _parsed(VisitWindowsSerializer, request.data)
        services.visit_windows_set(study=study, actor=request.user, windows=data["windows"])
        return Response(PointWindowSerializer(_windows(study.pk), many=True).data)


class VisitListView(GenericAPIView):
    pagination_class = None  # the whole list, never paged

    @extend_schema(
        parameters=[VisitFilterSerializer],
        responses=VisitListItemSerializer(many=True),
        summary="The visits of the participants the caller may see (an assessor's worklist)",
    )
    def get(self, request):
        filters = _parsed(VisitFilterSerializer, request.query_params)
        rows = selectors.visit_list(
            user=request.user, study_id=filters.get("study"), status=filters.get("status")
        )
        return Response(VisitListItemSerializer(rows, many=True).data)


class ParticipantVisitsView(GenericAPIView):
    pagination_class = None  # the whole list, never paged

    @extend_schema(
        responses=VisitSerializer(many=True),
        summary="A participant's assessment visits, one per assessment point",
    )
    def get(self, request, pk: int):
        participant = selectors.visit_participant_get(user=request.user, participant_id=pk)
        return Response(VisitSerializer(selectors.participant_visits(participant), many=True).data)


class VisitRecordView(GenericAPIView):
    @extend_schema(
        request=VisitRecordSerializer,
        responses={201: VisitSerializer},
        summary="Record a visit: held with its assessment, or missed with a reason (assessors)",
    )
    def post(self, request, pk: int, point_id: int):
        participant = selectors.visit_participant_get(user=request.user, participant_id=pk)
        data = _parsed(VisitRecordSerializer, request.data)
        services.visit_record(
            participant=participant, point_id=point_id, actor=request.user, **data
        )
        row = next(
            (r for r in selectors.participant_visits(participant) if r["point"] == point_id), None
        )
        if row is None:
            raise NotFound(gettext("There is no such assessment point."))
        return Response(VisitSerializer(row).data, status=status.HTTP_201_CREATED)
