from django.apps import AppConfig


class DemoConfig(AppConfig):
    """Demo data for a local platform (``manage.py seed_demo``): staff logins, a study, and
    participants with weeks of simulated play. Nothing else imports it."""

    name = "apps.demo"
    label = "demo"
