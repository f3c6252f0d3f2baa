"""Research exports: ask for one, follow its progress, download it with a signed link."""

from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.exports import archive
from apps.exports.models import Export
from apps.exports.selectors import export_download_get, export_get, export_list
from apps.exports.serializers import ExportRequestSerializer, ExportSerializer
from apps.exports.services import export_request


class StudyExportListView(GenericAPIView):
    serializer_class = ExportSerializer

    @extend_schema(
        responses=ExportSerializer(many=True),
        summary="The study's export log (owners and admins; clinicians are refused)",
    )
    def get(self, request, pk: int):
        page = self.paginate_queryset(export_list(user=request.user, study_id=pk))
        data = ExportSerializer(page, many=True, context={"request": request}).data
        return self.get_paginated_response(data)

    @extend_schema(
        request=ExportRequestSerializer,
        responses={
            201: OpenApiResponse(ExportSerializer, description="Built already: ready to download"),
            202: OpenApiResponse(ExportSerializer, description="Queued: follow its progress"),
        },
        summary="Export the study: tidy tables (CSV, Parquet), BIDS-style files, codebook",
    )
    def post(self, request, pk: int):
        body = ExportRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        export = export_request(actor=request.user, study_id=pk, **body.validated_data)
        code = status.HTTP_201_CREATED if export.run == Export.Run.DIRECT else 202
        return Response(ExportSerializer(export, context={"request": request}).data, status=code)


class ExportDetailView(APIView):
    @extend_schema(responses=ExportSerializer, summary="One export: status, progress, link")
    def get(self, request, pk: int):
        export = export_get(user=request.user, export_id=pk)
        return Response(ExportSerializer(export, context={"request": request}).data)


class ExportDownloadView(APIView):
    # The signed, expiring token is the permission: the link works without a session.
    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        parameters=[
            OpenApiParameter("token", str, required=True, description="From download_url.")
        ],
        responses={
            (200, "application/zip"): OpenApiResponse(OpenApiTypes.BINARY, description="The zip"),
        },
        summary="Download a ready export (the link expires; ask the export for a new one)",
    )
    def get(self, request, pk: int):
        export = export_download_get(export_id=pk, token=request.query_params.get("token", ""))
        return FileResponse(
            archive.archive_path(export.archive_name).open("rb"),
            as_attachment=True,
            filename=f"memulation-study-{export.study_id}-export-{export.pk}.zip",
            content_type="application/zip",
        )
