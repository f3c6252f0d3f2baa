from django.apps import AppConfig


class MetricsConfig(AppConfig):
    name = "apps.metrics"
    label = "metrics"
    verbose_name = "Memory-performance metrics"

    def ready(self) -> None:
        from apps.metrics import signals  # noqa: F401
