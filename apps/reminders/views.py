"""HTTP views of the reminders: parse, call one service or selector, shape. The participant's
own routes take a signed link as the credential (no account, no session)."""

from drf_spectacular.utils import extend_schema
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from apps.participants.models import Participant
from apps.participants.selectors import participant_visible
from apps.programmes.selectors import participant_by_progress_link
from apps.reminders import links, selectors, services
from apps.reminders.serializers import (
    OpenedSerializer,
    OwnPlanSerializer,
    ParticipantRemindersSerializer,
    ReminderPlanSerializer,
    StaffReminderPlanSerializer,
    StopStateSerializer,
)


def _parsed(serializer_class, data) -> dict:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _reminders(participant: Participant) -> dict:
    return {
        "plan": selectors.plan_get(participant),
        "log": selectors.reminder_log(participant),
    }


class ParticipantRemindersView(GenericAPIView):
    @extend_schema(
        responses=ParticipantRemindersSerializer,
        summary="The participant's reminders and the log of what was sent or skipped",
    )
    def get(self, request, pk: int):
        participant = participant_visible(user=request.user, participant_id=pk)
        return Response(ParticipantRemindersSerializer(_reminders(participant)).data)

    @extend_schema(
        request=StaffReminderPlanSerializer,
        responses=ParticipantRemindersSerializer,
        summary="Set the reminders the participant chose, on their behalf",
    )
    def put(self, request, pk: int):
        participant = participant_visible(user=request.user, participant_id=pk)
        data = _parsed(StaffReminderPlanSerializer, request.data)
        services.reminder_plan_set(participant=participant, actor=request.user, **data)
        return Response(ParticipantRemindersSerializer(_reminders(participant)).data)


class _LinkView(GenericAPIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []


class OwnRemindersView(_LinkView):
    """The participant chooses their reminders on their own device (the progress link)."""

    @extend_schema(responses=OwnPlanSerializer, summary="A participant's own reminders")
    def get(self, request, token: str):
        participant = participant_by_progress_link(token)
        return Response(OwnPlanSerializer({"plan": selectors.plan_get(participant)}).data)

    @extend_schema(
        request=ReminderPlanSerializer,
        responses=OwnPlanSerializer,
        summary="A participant chooses their reminders",
    )
    def put(self, request, token: str):
        participant = participant_by_progress_link(token)
        data = _parsed(ReminderPlanSerializer, request.data)
        plan = services.reminder_plan_set(participant=participant, actor=None, **data)
        return Response(OwnPlanSerializer({"plan": plan}).data)


class ReminderOpenView(_LinkView):
    @extend_schema(
        request=None,
        responses=OpenedSerializer,
        summary="Open a reminder's link (once): the participant's progress page",
    )
    def post(self, request, token: str):
        progress = services.reminder_link_open(token=token)
        return Response(OpenedSerializer({"path": f"/progress/{progress}"}).data)


class ReminderStopView(_LinkView):
    @extend_schema(responses=StopStateSerializer, summary="Whether reminders are still sent")
    def get(self, request, token: str):
        participant = Participant.objects.filter(pk=links.stop_claim(token)).first()
        plan = selectors.plan_get(participant) if participant else None
        return Response(StopStateSerializer({"active": bool(plan and plan.active)}).data)

    @extend_schema(request=None, responses=StopStateSerializer, summary="Stop the reminders")
    def post(self, request, token: str):
        participant = Participant.objects.filter(pk=links.stop_claim(token)).first()
        if participant is not None:
            services.reminder_opt_out(participant=participant)
        return Response(StopStateSerializer({"active": False}).data)
