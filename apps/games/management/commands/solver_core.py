"""``manage.py solver_core``: which solver core this installation runs, and why."""

from django.core.management.base import BaseCommand, CommandError

from apps.games.engine import core_choice


class Command(BaseCommand):
    help = "Say which solver core runs: compiled, or the pure-Python reference (and why)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--require-compiled",
            action="store_true",
            help="exit with an error unless the compiled core runs (for deployment checks)",
        )

    def handle(self, *args, **options):
        line = core_choice.core_description()
        if options["require_compiled"] and core_choice.CORE != "compiled":
            raise CommandError(line)
        self.stdout.write(line)
