from django.apps import AppConfig


class ProgrammesConfig(AppConfig):
    name = "apps.programmes"
    label = "programmes"
    verbose_name = "Training programmes and dose"
