from django.core.management.base import BaseCommand, CommandError

from apps.common.errors import ValidationFailed
from apps.metrics.norms import norms_load


class Command(BaseCommand):
    help = "Load a reference norm table (CSV; format in apps/metrics/norms.py and the README)."

    def add_arguments(self, parser):
        parser.add_argument("csv_file")

    def handle(self, *args, csv_file, **options):
        try:
            with open(csv_file, encoding="utf-8", newline="") as handle:
                count = norms_load(handle)
        except (OSError, ValidationFailed) as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"Loaded {count} reference norm rows from {csv_file}.")
