"""HTTP views: parse the request, call one service or selector, shape the response.

Records outside the caller's scope are not found (404); actions the caller's role may not take on
a record they can see are refused (403).
"""

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from apps.participants import selectors, services
from apps.participants.serializers import (
    AllocateSerializer,
    ClinicianNoteSerializer,
    ConsentSerializer,
    EraseSerializer,
    ErasureSerializer,
    NoteAmendSerializer,
    ParticipantCreateSerializer,
    ParticipantFilterSerializer,
    ParticipantSerializer,
    ParticipantUpdateSerializer,
    ProtocolSerializer,
    ProtocolWriteSerializer,
    StudyOpenSerializer,
    StudySerializer,
    StudyWriteSerializer,
    WithdrawSerializer,
)
from apps.participants.services.rights import participant_erase


def _parsed(serializer_class, data, **kwargs) -> dict:
    serializer = serializer_class(data=data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _paginated(view: GenericAPIView, queryset, serializer_class) -> Response:
    page = view.paginate_queryset(queryset)
    return view.get_paginated_response(serializer_class(page, many=True).data)


# --- studies ------------------------------------------------------------------------------------


class StudyListView(GenericAPIView):
    @extend_schema(responses=StudySerializer(many=True), summary="Studies you may see")
    def get(self, request):
        return _paginated(self, selectors.study_list(user=request.user), StudySerializer)

    @extend_schema(
        request=StudyWriteSerializer,
        responses={201: StudySerializer},
        summary="Create a study (researchers become its owner)",
    )
    def post(self, request):
        data = _parsed(StudyWriteSerializer, request.data)
        study = services.study_create(actor=request.user, **data)
        return Response(StudySerializer(study).data, status=status.HTTP_201_CREATED)


class StudyDetailView(GenericAPIView):
    @extend_schema(responses=StudySerializer, summary="A study")
    def get(self, request, pk: int):
        return Response(StudySerializer(selectors.study_get(user=request.user, study_id=pk)).data)

    @extend_schema(
        request=StudyWriteSerializer(partial=True),
        responses=StudySerializer,
        summary="Change a study's name, description, owners or clinical team",
    )
    def patch(self, request, pk: int):
        study = selectors.study_get(user=request.user, study_id=pk)
        data = _parsed(StudyWriteSerializer, request.data, partial=True)
        study = services.study_update(study=study, actor=request.user, **data)
        return Response(StudySerializer(study).data)


class StudyOpenView(GenericAPIView):
    @extend_schema(
        request=StudyOpenSerializer,
        responses=StudySerializer,
        summary="Open a study with arms, eligibility criteria and its design: the concealed "
        "allocation seed is drawn",
    )
    def post(self, request, pk: int):
        study = selectors.study_get(user=request.user, study_id=pk)
        data = _parsed(StudyOpenSerializer, request.data)
        study = services.study_open(study=study, actor=request.user, **data)
        return Response(StudySerializer(study).data)


# --- protocols ----------------------------------------------------------------------------------


class StudyProtocolListView(GenericAPIView):
    @extend_schema(responses=ProtocolSerializer(many=True), summary="A study's protocols")
    def get(self, request, pk: int):
        study = selectors.study_get(user=request.user, study_id=pk)
        protocols = selectors.protocol_list(user=request.user, study_id=study.pk)
        return _paginated(self, protocols, ProtocolSerializer)

    @extend_schema(
        request=ProtocolWriteSerializer,
        responses={201: ProtocolSerializer},
        summary="Add a protocol, or the next version of one (same name)",
    )
    def post(self, request, pk: int):
        study = selectors.study_get(user=request.user, study_id=pk)
        data = _parsed(ProtocolWriteSerializer, request.data)
        protocol = services.protocol_create(study=study, actor=request.user, **data)
        # Read back as listed, with its session count (none yet).
        listed = selectors.protocol_get(user=request.user, protocol_id=protocol.pk)
        return Response(ProtocolSerializer(listed).data, status=status.HTTP_201_CREATED)


class ProtocolDetailView(GenericAPIView):
    @extend_schema(responses=ProtocolSerializer, summary="A protocol and how often it was used")
    def get(self, request, pk: int):
        protocol = selectors.protocol_get(user=request.user, protocol_id=pk)
        return Response(ProtocolSerializer(protocol).data)


# --- participants -------------------------------------------------------------------------------


class ParticipantListView(GenericAPIView):
    @extend_schema(
        parameters=[ParticipantFilterSerializer],
        responses=ParticipantSerializer(many=True),
        summary="Participants you may see",
    )
    def get(self, request):
        filters = _parsed(ParticipantFilterSerializer, request.query_params)
        participants = selectors.participant_list(
            user=request.user,
            study_id=filters.get("study"),
            group=filters.get("group"),
            search=filters.get("search"),
        )
        page = selectors.with_weeks(self.paginate_queryset(participants) or [])
        return self.get_paginated_response(ParticipantSerializer(page, many=True).data)

    @extend_schema(
        request=ParticipantCreateSerializer,
        responses={201: ParticipantSerializer},
        summary="Enrol a participant under a generated pseudonymous code",
        description="Idempotent with ``client_key``: the same key again answers with the "
        "participant it enrolled (the same answer, 201), and changes nothing; the same key "
        "with another study or other details is refused (409 ``client_key_reused``).",
    )
    def post(self, request):
        studies = selectors.study_list(user=request.user)
        data = _parsed(ParticipantCreateSerializer, request.data, studies=studies)
        participant = services.participant_enrol(actor=request.user, **data)
        return _participant_response(request, participant.pk, status.HTTP_201_CREATED)


def _participant_response(request, participant_id: int, http_status=status.HTTP_200_OK):
    participant = selectors.participant_get(user=request.user, participant_id=participant_id)
    [counted] = selectors.with_weeks([participant])
    return Response(ParticipantSerializer(counted).data, status=http_status)


class ParticipantDetailView(GenericAPIView):
    @extend_schema(responses=ParticipantSerializer, summary="A participant")
    def get(self, request, pk: int):
        return _participant_response(request, pk)

    @extend_schema(
        request=ParticipantUpdateSerializer,
        responses=ParticipantSerializer,
        summary="Change a participant's age band, group, assigned clinicians (study owners), "
        "weekly plan or language (owners and the clinical team)",
    )
    @transaction.atomic
    def patch(self, request, pk: int):
        participant = selectors.participant_visible(user=request.user, participant_id=pk)
        data = _parsed(ParticipantUpdateSerializer, request.data)
        reason = data.pop("reason")
        if "language" in data:
            services.participant_language_set(
                participant=participant, actor=request.user, language=data.pop("language")
            )
        if "sessions_per_week" in data:
            services.participant_plan_set(
                participant=participant,
                actor=request.user,
                sessions_per_week=data.pop("sessions_per_week"),
                reason=reason,
            )
        if data or set(request.data) <= {"reason"}:
            services.participant_update(
                participant=participant, actor=request.user, reason=reason, **data
            )
        return _participant_response(request, pk)


class ParticipantConsentView(GenericAPIView):
    @extend_schema(
        request=ConsentSerializer, responses=ParticipantSerializer, summary="Record consent"
    )
    def post(self, request, pk: int):
        participant = selectors.participant_visible(user=request.user, participant_id=pk)
        data = _parsed(ConsentSerializer, request.data)
        services.participant_consent_record(participant=participant, actor=request.user, **data)
        return _participant_response(request, pk)


class ParticipantWithdrawView(GenericAPIView):
    @extend_schema(
        request=WithdrawSerializer,
        responses=ParticipantSerializer,
        summary="Consent withdrawn: no new sessions; recorded data stays",
    )
    def post(self, request, pk: int):
        participant = selectors.participant_visible(user=request.user, participant_id=pk)
        data = _parsed(WithdrawSerializer, request.data)
        services.participant_withdraw(participant=participant, actor=request.user, **data)
        return _participant_response(request, pk)


class ParticipantAllocateView(GenericAPIView):
    @extend_schema(
        request=AllocateSerializer,
        responses={201: ParticipantSerializer},
        summary="Allocate a consenting participant whose eligibility you confirm (the "
        "participant's clinical team; the arm stays hidden from it in a concealed design)",
    )
    def post(self, request, pk: int):
        participant = selectors.participant_visible(user=request.user, participant_id=pk)
        data = _parsed(AllocateSerializer, request.data)
        services.participant_allocate(participant=participant, actor=request.user, **data)
        return _participant_response(request, pk, status.HTTP_201_CREATED)


# --- clinician notes ----------------------------------------------------------------------------


class ParticipantNoteListView(GenericAPIView):
    @extend_schema(
        responses=ClinicianNoteSerializer(many=True),
        summary="Clinician notes (the participant's clinical team only)",
    )
    def get(self, request, pk: int):
        participant = selectors.participant_visible(user=request.user, participant_id=pk)
        notes = selectors.clinician_note_list(user=request.user, participant=participant)
        return _paginated(self, notes, ClinicianNoteSerializer)

    @extend_schema(
        request=ClinicianNoteSerializer,
        responses={201: ClinicianNoteSerializer},
        summary="Write a clinician note",
    )
    def post(self, request, pk: int):
        participant = selectors.participant_visible(user=request.user, participant_id=pk)
        data = _parsed(ClinicianNoteSerializer, request.data)
        note = services.clinician_note_create(
            participant=participant, actor=request.user, text=data["text"]
        )
        return Response(ClinicianNoteSerializer(note).data, status=status.HTTP_201_CREATED)


class ParticipantNoteDetailView(GenericAPIView):
    @extend_schema(
        request=NoteAmendSerializer,
        responses=ClinicianNoteSerializer,
        summary="Correct a clinician note (its author), with the reason; the audit trail keeps "
        "the text before and after",
    )
    def patch(self, request, pk: int, note_id: int):
        participant = selectors.participant_visible(user=request.user, participant_id=pk)
        note = selectors.clinician_note_get(
            user=request.user, participant=participant, note_id=note_id
        )
        data = _parsed(NoteAmendSerializer, request.data)
        note = services.clinician_note_amend(note=note, actor=request.user, **data)
        return Response(ClinicianNoteSerializer(note).data)


class ParticipantEraseView(GenericAPIView):
    @extend_schema(
        request=EraseSerializer,
        responses=ErasureSerializer,
        summary="Erase what need not be kept (notes, group) and withdraw; says what is kept and "
        "why (the study's owners)",
    )
    def post(self, request, pk: int):
        participant = selectors.participant_visible(user=request.user, participant_id=pk)
        data = _parsed(EraseSerializer, request.data)
        outcome = participant_erase(participant=participant, actor=request.user, **data)
        return Response(ErasureSerializer(outcome).data)
