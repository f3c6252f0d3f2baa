import logging

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "apps.games"
    label = "games"
    verbose_name = "Games and their event log"

    def ready(self):
        # Which solver core this process runs: the compiled one, or the pure-Python reference
        # when the extension was not built (or MEMULATION_SOLVER_CORE=python forces it).
        from .engine.solver_core import core_description

        logging.getLogger("apps.games.engine.solver").info(core_description())
