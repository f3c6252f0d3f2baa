from django.apps import AppConfig


class ParticipantsConfig(AppConfig):
    name = "apps.participants"
    label = "participants"
    verbose_name = "Studies and participants"
