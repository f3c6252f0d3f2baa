"""HTTP views of the programme: parse, call one service or selector, shape."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from apps.participants.selectors import participant_get, rules, study_get
from apps.programmes import selectors, services
from apps.programmes.serializers import (
    FlowSerializer,
    LedgerSerializer,
    MissedDoseSerializer,
    ParticipantProgressSerializer,
    ProgrammeSerializer,
    ProgressLinkSerializer,
    StudyProgrammeSerializer,
)


def _parsed(serializer_class, data) -> dict:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class StudyProgrammeView(GenericAPIView):
    @extend_schema(responses=StudyProgrammeSerializer, summary="The study's prescribed dose")
    def get(self, request, pk: int):
        study = study_get(user=request.user, study_id=pk)
        body = {
            "programme": selectors.study_programme(study_id=study.pk),
            "history": selectors.study_prescriptions(study_id=study.pk),
        }
        return Response(StudyProgrammeSerializer(body).data)

    @extend_schema(
        request=ProgrammeSerializer,
        responses=ProgrammeSerializer,
        summary="Prescribe the study's dose (its owners)",
    )
    def put(self, request, pk: int):
        study = study_get(user=request.user, study_id=pk)
        data = _parsed(ProgrammeSerializer, request.data)
        programme = services.programme_set(study=study, actor=request.user, **data)
        return Response(ProgrammeSerializer(programme).data)


class ParticipantProgrammeView(GenericAPIView):
    @extend_schema(
        request=ProgrammeSerializer,
        responses=ProgrammeSerializer,
        summary="Prescribe a participant's own dose (owners and the clinical team)",
    )
    def put(self, request, pk: int):
        participant = participant_get(user=request.user, participant_id=pk)
        data = _parsed(ProgrammeSerializer, request.data)
        programme = services.programme_set(
            study=participant.study, participant=participant, actor=request.user, **data
        )
        return Response(ProgrammeSerializer(programme).data)

    @extend_schema(request=None, responses={204: None}, summary="Back to the study's dose")
    def delete(self, request, pk: int):
        participant = participant_get(user=request.user, participant_id=pk)
        services.programme_clear(participant=participant, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DoseLedgerView(GenericAPIView):
    @extend_schema(
        responses=LedgerSerializer,
        summary="The dose ledger: prescribed, scheduled, delivered, active minutes and missed "
        "(with reason) per programme week",
    )
    def get(self, request, pk: int):
        participant = participant_get(user=request.user, participant_id=pk)
        return Response(LedgerSerializer(selectors.dose_ledger(participant)).data)


class MissedDoseView(GenericAPIView):
    @extend_schema(
        request=MissedDoseSerializer,
        responses={201: LedgerSerializer},
        summary="Record why a week that is over fell short",
    )
    def post(self, request, pk: int):
        participant = participant_get(user=request.user, participant_id=pk)
        data = _parsed(MissedDoseSerializer, request.data)
        services.missed_dose_record(participant=participant, actor=request.user, **data)
        ledger = selectors.dose_ledger(participant)
        return Response(LedgerSerializer(ledger).data, status=status.HTTP_201_CREATED)


class ProgressLinkView(GenericAPIView):
    @extend_schema(
        request=None,
        responses={201: ProgressLinkSerializer},
        summary="A link for the participant's own device to their progress page",
    )
    def post(self, request, pk: int):
        participant = participant_get(user=request.user, participant_id=pk)
        token, expires = services.progress_link_issue(participant=participant, actor=request.user)
        body = {"token": token, "path": f"/progress/{token}", "expires_at": expires}
        return Response(ProgressLinkSerializer(body).data, status=status.HTTP_201_CREATED)


class ProgressView(GenericAPIView):
    """The participant's own page: the link is the credential (no account, no session)."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(responses=ParticipantProgressSerializer, summary="A participant's own progress")
    def get(self, request, token: str):
        # In the participant's language, as every link's answer (apps.api.language).
        participant = selectors.participant_by_progress_link(token)
        progress = selectors.participant_progress(participant)
        return Response(ParticipantProgressSerializer(progress).data)


class StudyFlowView(GenericAPIView):
    @extend_schema(
        responses=FlowSerializer,
        summary="The study's CONSORT-style flow and adherence (per arm for those who see arms)",
    )
    def get(self, request, pk: int):
        study = study_get(user=request.user, study_id=pk)
        flow = selectors.study_flow(study=study, show_arms=rules.sees_arms(request.user, study))
        return Response(FlowSerializer(flow).data)
