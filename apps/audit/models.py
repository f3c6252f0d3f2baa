from django.conf import settings
from django.db import models
from django.utils import timezone


class AuditEntry(models.Model):
    """Who did what to which record, and when, with the record before and after. Append-only,
    and chained by hashes (see :mod:`apps.audit.chain`)."""

    class Action(models.TextChoices):
        CREATE = "create"
        UPDATE = "update"
        DELETE = "delete"
        LOGIN = "login"
        LOGIN_FAILED = "login_failed"
        LOGOUT = "logout"
        EXPORT = "export"
        FACTOR_ADDED = "factor_added"
        SIGNED = "signed"
        ACCESS_REVIEWED = "access_reviewed"

    # Set before the entry is written, because its hash covers it.
    at = models.DateTimeField(default=timezone.now, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    actor_name = models.CharField(max_length=150, blank=True)
    action = models.CharField(max_length=20, choices=Action.choices)
    object_type = models.CharField(max_length=50, blank=True)
    object_id = models.CharField(max_length=50, blank=True)
    study_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    ip = models.GenericIPAddressField(null=True, blank=True)
    # Why a clinical record was changed, in the words of the person who changed it.
    reason = models.TextField(blank=True)
    prev_hash = models.CharField(max_length=64, help_text="The previous entry's hash.")
    entry_hash = models.CharField(
        max_length=64, unique=True, help_text="SHA-256 of this entry's content and prev_hash."
    )

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["object_type", "object_id"])]
        verbose_name_plural = "audit entries"
