from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A member of staff. Participants never have accounts: they are pseudonymous codes."""

    class Role(models.TextChoices):
        ADMIN = "admin", "Administrator"
        RESEARCHER = "researcher", "Researcher"
        CLINICIAN = "clinician", "Clinician"

    role = models.CharField(max_length=20, choices=Role.choices, default=Role.CLINICIAN)

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
