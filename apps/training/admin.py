from django.contrib import admin

from apps.audit.admin import AuditedAdmin
from apps.training.models import TrainingSession


@admin.register(TrainingSession)
class TrainingSessionAdmin(AuditedAdmin):
    list_display = ("participant", "number", "status", "scheduled_for", "started_at")
    list_filter = ("status",)
    search_fields = ("participant__code",)
    raw_id_fields = ("participant", "protocol", "conducted_by")

    def audit_study_id(self, obj):
        return obj.participant.study_id
