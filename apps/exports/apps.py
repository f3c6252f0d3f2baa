from django.apps import AppConfig


class ExportsConfig(AppConfig):
    name = "apps.exports"
    label = "exports"
    verbose_name = "Research exports"
