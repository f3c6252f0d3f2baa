"""``manage.py audit_verify``: walk the audit trail's hash chain and name its first broken link.

Exits 0 when the chain is whole (printing the number of entries and the head hash, worth keeping
outside the database: a tail cut off the chain is noticed only against it), 1 when a link is
broken.
"""

from django.core.management.base import BaseCommand, CommandError

from apps.audit.selectors import audit_chain_verify


class Command(BaseCommand):
    help = "Verify the audit trail's hash chain; name the first broken link."

    def add_arguments(self, parser):
        parser.add_argument(
            "--head",
            help="The head hash recorded earlier: it must still be in the chain.",
        )

    def handle(self, *args, **options):
        report = audit_chain_verify(head=options["head"])
        if report.broken is not None:
            raise CommandError(f"Broken link at {report.broken}", returncode=1)
        self.stdout.write(f"Audit chain whole: {report.entries} entries, head {report.head}")
