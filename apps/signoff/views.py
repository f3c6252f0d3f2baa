"""Signatures of a participant's report and of a study's export: listed with whether each
still covers the record, and made by re-entering the password (and second factor)."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.exports.selectors import export_get
from apps.participants.selectors import participant_get
from apps.reports.selectors import report_content_hash
from apps.signoff import services
from apps.signoff.models import Signature
from apps.signoff.selectors import export_content_hash, signature_item, signature_list
from apps.signoff.serializers import SignatureSerializer, SignSerializer


def _signed(request, sign) -> Response:
    """This request's own signature: made now, or the identical one made before it (answered
    alike). It covers the content as it was when signed, under the record's lock."""
    data = SignSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    signature = sign(actor=request.user, request=request._request, **data.validated_data)
    item = signature_item(signature, signature.content_hash)
    return Response(SignatureSerializer(item).data, status=status.HTTP_201_CREATED)


class ReportSignaturesView(APIView):
    @extend_schema(
        responses=SignatureSerializer(many=True), summary="Signatures of a participant's report"
    )
    def get(self, request, pk: int):
        participant = participant_get(user=request.user, participant_id=pk)
        signatures = signature_list(
            kind=Signature.Kind.REPORT,
            object_id=participant.pk,
            content_hash=report_content_hash(participant),
        )
        return Response(SignatureSerializer(signatures, many=True).data)

    @extend_schema(
        request=SignSerializer,
        responses={201: SignatureSerializer},
        summary="Sign the participant's report as it reads now (password and second factor)",
    )
    def post(self, request, pk: int):
        participant = participant_get(user=request.user, participant_id=pk)

        def sign(**kwargs):
            return services.report_sign(participant=participant, **kwargs)

        return _signed(request, sign)


class ExportSignaturesView(APIView):
    @extend_schema(responses=SignatureSerializer(many=True), summary="Signatures of an export")
    def get(self, request, pk: int):
        export = export_get(user=request.user, export_id=pk)
        signatures = signature_list(
            kind=Signature.Kind.EXPORT,
            object_id=export.pk,
            content_hash=export_content_hash(export),
        )
        return Response(SignatureSerializer(signatures, many=True).data)

    @extend_schema(
        request=SignSerializer,
        responses={201: SignatureSerializer},
        summary="Sign a finished export for a sponsor (password and second factor)",
    )
    def post(self, request, pk: int):
        export = export_get(user=request.user, export_id=pk)

        def sign(**kwargs):
            return services.export_sign(export=export, **kwargs)

        return _signed(request, sign)
