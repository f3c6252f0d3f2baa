import logging

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "apps.games"
    label = "games"
    verbose_name = "Games and their event log"

    def ready(self):
        # Which solver core this process runs: the compiled one, or the pure-Python reference
        # when the extension was not built (or MEMULATION_SOLVER_CORE=python forces it).
        from .engine.core_choice import core_description

        logging.getLogger("apps.games.engine.solver").info(core_description())

        from django.db.models.signals import post_save

        from apps.participants.models import Participant

        post_save.connect(_language_changed, sender=Participant, dispatch_uid="link-languages")

        from apps.training.signals import session_abandoned

        session_abandoned.connect(_sitting_abandoned, dispatch_uid="games-sitting-abandoned")


def _language_changed(sender, instance, update_fields=None, **kwargs):
    """A participant's devices answer in their new language from the next request on."""
    from .selectors import forget_link_languages

    if not kwargs.get("created") and (update_fields is None or "language" in update_fields):
        forget_link_languages(instance.pk)


def _sitting_abandoned(sender, session, reason: str, **kwargs):
    """A sitting abandoned from outside its games stops them (see ``session_games_stop``)."""
    from .seating import session_games_stop

    session_games_stop(session=session, reason=reason)
