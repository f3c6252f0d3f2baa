"""Queue the solver's analysis of every finished Memulation game that has none yet (games played
before analyses were queued per game), so each completed session's replay gets one."""

from django.core.management.base import BaseCommand

from apps.metrics import services
from apps.metrics.tasks import game_analysis


class Command(BaseCommand):
    help = "Queue (or, with --now, compute) the replay analysis of every finished game lacking one."

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=None, help="at most this many games")
        parser.add_argument(
            "--now", action="store_true", help="compute here instead of queueing a job per game"
        )

    def handle(self, *args, limit=None, now=False, **options):
        ids = list(services.games_needing_analysis().order_by("pk").values_list("pk", flat=True))
        ids = ids[:limit] if limit is not None else ids
        for game_id in ids:
            if now:
                services.game_analysis_ensure(game_id=game_id)
            else:
                game_analysis.delay(game_id)
        verb = "analysed" if now else "queued"
        self.stdout.write(f"{len(ids)} games {verb}.")
