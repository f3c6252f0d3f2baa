from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "apps.live"
    label = "live"
    verbose_name = "Live tables"

    def ready(self) -> None:
        from apps.games.signals import game_changed
        from apps.live.push import announce

        game_changed.connect(announce, dispatch_uid="apps.live.push.announce")
