from django.core.management.base import BaseCommand
from django.db import transaction

from apps.accounts.demo import DEMO_PASSWORD, demo_staff_ensure


class Command(BaseCommand):
    help = "Load demo data so every page has something to show (local use only)."

    @transaction.atomic
    def handle(self, *args, **options):
        staff = demo_staff_ensure()
        self.stdout.write(f"Demo logins (password: {DEMO_PASSWORD}):")
        for username, user in staff.items():
            self.stdout.write(f"  {username:<12} {user.role}")
