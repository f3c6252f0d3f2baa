from django.apps import AppConfig


class TrainingConfig(AppConfig):
    name = "apps.training"
    label = "training"
    verbose_name = "Training sessions"

    def ready(self):
        from apps.training import signals  # noqa: F401 (its receivers)
