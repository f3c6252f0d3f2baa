"""Dashboard endpoints. Scoped like the records they describe (see apps.participants.selectors)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.metrics import selectors
from apps.participants.selectors import participant_get, study_get
from apps.training.selectors import session_get

OBJECT = OpenApiTypes.OBJECT


class CatalogueView(APIView):
    @extend_schema(responses=OBJECT, summary="Every metric: key, definition, unit, direction")
    def get(self, request):
        return Response({"metrics": selectors.catalogue_worded()})


class ParticipantSummaryView(APIView):
    @extend_schema(responses=OBJECT, summary="Latest values, trends, reliable change, z-scores")
    def get(self, request, pk: int):
        participant = participant_get(user=request.user, participant_id=pk)
        return Response(selectors.participant_summary_worded(participant=participant))


class ParticipantMetricView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("key", str, required=True, description="a metric key")],
        responses=OBJECT,
        summary="One metric as a series over sessions",
    )
    def get(self, request, pk: int):
        participant = participant_get(user=request.user, participant_id=pk)
        key = request.query_params.get("key", "recall_hit")
        return Response(selectors.participant_series(participant=participant, key=key))


class SessionAnalysisView(APIView):
    @extend_schema(responses=OBJECT, summary="A session's metrics and per-play solver analysis")
    def get(self, request, pk: int):
        session = session_get(user=request.user, session_id=pk)
        return Response(selectors.session_analysis(session=session))


class CohortView(APIView):
    @extend_schema(responses=OBJECT, summary="Each metric's distribution in the study's cohort")
    def get(self, request, pk: int):
        study = study_get(user=request.user, study_id=pk)
        return Response(selectors.cohort_summary(study=study))
