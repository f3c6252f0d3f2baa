from django.apps import AppConfig


class SignoffConfig(AppConfig):
    name = "apps.signoff"
    label = "signoff"
    verbose_name = "Signatures"
