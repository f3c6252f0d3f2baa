from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from rest_framework.authtoken.models import Token


class User(AbstractUser):
    """A member of staff. Participants never have accounts: they are pseudonymous codes."""

    class Role(models.TextChoices):
        ADMIN = "admin", "Administrator"
        RESEARCHER = "researcher", "Researcher"
        CLINICIAN = "clinician", "Clinician"
        # Runs a study's assessment visits blind: sees no arm, training metric or note.
        ASSESSOR = "assessor", "Blinded assessor"

    role = models.CharField(max_length=20, choices=Role.choices, default=Role.CLINICIAN)
    # The staff pages' language and the language the API answers this person in.
    language = models.CharField(
        max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )

    class Meta:
        ordering = ["username"]

    def save(self, *args, **kwargs):
        if self.is_superuser:
            self.role = self.Role.ADMIN
        super().save(*args, **kwargs)

    @property
    def is_admin(self) -> bool:
        return self.role == self.Role.ADMIN

    @property
    def is_researcher(self) -> bool:
        return self.role == self.Role.RESEARCHER

    @property
    def is_clinician(self) -> bool:
        return self.role == self.Role.CLINICIAN

    @property
    def is_assessor(self) -> bool:
        return self.role == self.Role.ASSESSOR


class SecondFactorRule(models.Model):
    """The roles of a study's team that must sign in with a second factor, set by its owners.
    Admins always must, whatever the studies say."""

    study = models.OneToOneField(
        "participants.Study", on_delete=models.CASCADE, related_name="second_factor_rule"
    )
    roles = models.JSONField(default=list, help_text="Role values, e.g. ['clinician'].")
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now=True)


class VerifiedToken(models.Model):
    """An API token handed out after a second factor: only such a token works for an account
    that must use one (a token handed out before that is refused)."""

    token = models.OneToOneField(
        Token, on_delete=models.CASCADE, primary_key=True, related_name="verified"
    )
    device = models.CharField(max_length=100, help_text="The django-otp device's persistent id.")
    verified_at = models.DateTimeField(auto_now_add=True)
