from drf_spectacular.utils import extend_schema
from rest_framework.generics import GenericAPIView

from apps.audit.selectors import audit_entry_list
from apps.audit.serializers import AuditEntrySerializer, AuditFilterSerializer


class AuditEntryListView(GenericAPIView):
    @extend_schema(
        parameters=[AuditFilterSerializer],
        responses=AuditEntrySerializer(many=True),
        summary="The audit trail (admins: all; researchers: their studies; clinicians: refused)",
    )
    def get(self, request):
        filters = AuditFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        data = filters.validated_data
        entries = audit_entry_list(
            user=request.user,
            object_type=data.get("object_type"),
            object_id=data.get("object_id"),
            actor_id=data.get("actor"),
            action=data.get("action"),
            since=data.get("since"),
            until=data.get("until"),
        )
        page = self.paginate_queryset(entries)
        context = {"care_team": request.user.is_admin}  # who may read clinician notes' text
        return self.get_paginated_response(
            AuditEntrySerializer(page, many=True, context=context).data
        )
