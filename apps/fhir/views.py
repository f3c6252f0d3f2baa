"""The FHIR export of a participant's results, the clinic's identifier it names the patient
by, and the platform's code system."""

from django.http import JsonResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.fhir import selectors, services
from apps.fhir.serializers import ClinicIdentifierSerializer
from apps.participants.selectors import participant_visible

FHIR_JSON = "application/fhir+json"


class ParticipantFhirView(APIView):
    @extend_schema(
        responses={
            (200, FHIR_JSON): OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="A FHIR R4 Bundle (collection): a DiagnosticReport carrying the "
                "printed report (PDF) and an Observation per reported metric.",
            )
        },
        summary="The participant's results as HL7 FHIR R4, for the clinic's records",
    )
    def get(self, request, pk: int):
        body = selectors.participant_fhir(user=request.user, participant_id=pk)
        response = JsonResponse(body, content_type=FHIR_JSON)
        response["Cache-Control"] = "no-store"
        return response


class ClinicIdentifierView(APIView):
    @extend_schema(
        responses={200: ClinicIdentifierSerializer, 204: None},
        summary="The participant's identifier in the clinic's records (204: none recorded)",
    )
    def get(self, request, pk: int):
        found = selectors.clinic_identifier_get(user=request.user, participant_id=pk)
        if found is None:
            return Response(status=204)
        return Response({"system": found.system, "value": found.value, "reason": ""})

    @extend_schema(
        request=ClinicIdentifierSerializer,
        responses=ClinicIdentifierSerializer,
        summary="Record the participant's identifier in the clinic's records (the clinical "
        "team and the study's owners; a change needs its reason)",
    )
    def put(self, request, pk: int):
        participant = participant_visible(user=request.user, participant_id=pk)
        data = ClinicIdentifierSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        found = services.clinic_identifier_set(
            participant=participant, actor=request.user, **data.validated_data
        )
        return Response({"system": found.system, "value": found.value, "reason": ""})


class CodeSystemView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={(200, FHIR_JSON): OpenApiResponse(OpenApiTypes.OBJECT)},
        summary="The platform's FHIR code system for its metrics (a CodeSystem resource)",
    )
    def get(self, request):
        return JsonResponse(selectors.code_system(), content_type=FHIR_JSON)
