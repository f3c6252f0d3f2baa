from django.contrib.admin.apps import AdminConfig


class StaffAdminConfig(AdminConfig):
    """The Django admin site, open only to sessions that passed the second factor (admins
    always have one: see :func:`apps.accounts.selectors.second_factor_required`)."""

    default_site = "django_otp.admin.OTPAdminSite"
