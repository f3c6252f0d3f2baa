from django.core.management import call_command

from apps.accounts.demo import DEMO_PASSWORD
from apps.accounts.models import User


def test_seed_demo_creates_one_login_per_role_and_can_run_twice(db, capsys):
    call_command("seed_demo")
    call_command("seed_demo")
    assert sorted(User.objects.values_list("role", flat=True)) == [
        "admin",
        "clinician",
        "researcher",
    ]
    assert User.objects.get(username="clinician").check_password(DEMO_PASSWORD)
    assert "researcher" in capsys.readouterr().out
