from django.apps import AppConfig


class VisitsConfig(AppConfig):
    name = "apps.visits"
    label = "visits"
    verbose_name = "Assessment visits"
