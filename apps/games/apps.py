from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "apps.games"
    label = "games"
    verbose_name = "Games and their event log"
