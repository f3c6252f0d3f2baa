from django.apps import AppConfig


class RemindersConfig(AppConfig):
    name = "apps.reminders"
    label = "reminders"
    verbose_name = "Training reminders"
