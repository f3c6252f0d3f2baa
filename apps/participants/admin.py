from django.contrib import admin

from apps.audit.admin import AuditedAdmin
from apps.participants.models import ClinicianNote, Participant, Protocol, Study
from apps.participants.services.notes import note_audit_snapshot


@admin.register(Study)
class StudyAdmin(AuditedAdmin):
    list_display = ("name", "created_at")
    search_fields = ("name",)
    filter_horizontal = ("owners", "clinicians")
    # Arms are fixed when the study opens (the API's open action), and the claims (primary
    # metrics, assessment points) are declared through the API, which checks them: never here.
    readonly_fields = ("opened_at", "primary_metrics")

    def audit_study_id(self, obj):
        return obj.pk


@admin.register(Protocol)
class ProtocolAdmin(AuditedAdmin):
    """Protocols are immutable: a stored one can be read, not changed (add a new version)."""

    list_display = ("name", "version", "study", "game", "rounds", "examination_seconds")
    list_filter = ("game", "study")
    exclude = ("version", "created_by")

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ()
        return [field.name for field in obj._meta.fields]

    def save_model(self, request, obj, form, change):
        if not change:
            latest = Protocol.objects.filter(study=obj.study, name=obj.name).order_by("-version")
            obj.version = (latest.values_list("version", flat=True).first() or 0) + 1
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(Participant)
class ParticipantAdmin(AuditedAdmin):
    list_display = ("code", "study", "age_band", "group", "consent_date", "consent_withdrawn_at")
    list_filter = ("study", "age_band", "group")
    search_fields = ("code",)
    filter_horizontal = ("clinicians",)
    # Set through the weekly plan's service, which keeps each change as a version.
    readonly_fields = ("sessions_per_week",)


@admin.register(ClinicianNote)
class ClinicianNoteAdmin(AuditedAdmin):
    list_display = ("participant", "author", "created_at")
    search_fields = ("participant__code",)

    def audit_study_id(self, obj):
        return obj.participant.study_id

    def audit_snapshot(self, obj):
        return note_audit_snapshot(obj)
