"""The participant's printable report (a PDF) and a finished game's replay, with the
participant's own access rules."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.reports.selectors import game_review, participant_report_document
from apps.reports.serializers import ReportQuerySerializer
from apps.reports.services import access_request_make


class ParticipantReportView(APIView):
    @extend_schema(
        parameters=[ReportQuerySerializer],
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF")
        },
        summary="A printable report of the participant's progress (PDF, for the patient record)",
    )
    def get(self, request, pk: int):
        query = ReportQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        report, body = participant_report_document(
            user=request.user, participant_id=pk, with_notes=query.validated_data["notes"]
        )
        response = HttpResponse(body, content_type="application/pdf")
        name = f"participant-{report['participant'].code}.pdf"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        response["Cache-Control"] = "no-store"
        return response


class GameReviewView(APIView):
    @extend_schema(
        responses=OpenApiTypes.OBJECT,
        summary="A finished game's replay: hands, Pritticut, tricks, examination, 'Stragedy, "
        "and the solver's analysis once ready",
    )
    def get(self, request, game_id: int):
        return Response(game_review(user=request.user, game_id=game_id))


class AccessRequestView(APIView):
    @extend_schema(
        responses=OpenApiTypes.OBJECT,
        summary="A participant's access request: a copy of everything held about them (JSON, "
        "audited; owners and the clinical team)",
    )
    def get(self, request, pk: int):
        data = access_request_make(user=request.user, participant_id=pk)
        name = f"access-request-{data['participant']['code']}.json"
        return Response(data, headers={"Content-Disposition": f'attachment; filename="{name}"'})
