from django.apps import AppConfig


class RemindersConfig(AppConfig):
    name = "apps.reminders"
    label = "reminders"
    verbose_name = "Training reminders"

    def ready(self) -> None:
        from apps.participants.signals import participant_erased
        from apps.reminders.services import reminders_erase

        participant_erased.connect(reminders_erase, dispatch_uid="reminders-erase")
