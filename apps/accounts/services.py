"""Staff accounts written by code: the demo logins of a local platform (``manage.py seed_demo``),
never for production."""

from apps.accounts.models import User

DEMO_PASSWORD = "memulation-demo"
DEMO_STAFF = (
    ("admin", User.Role.ADMIN),
    ("researcher", User.Role.RESEARCHER),
    ("clinician", User.Role.CLINICIAN),
)


def demo_staff_ensure() -> dict[str, User]:
    """Create (or reset the password of) one login per role. Safe to run again."""
    staff = {}
    for username, role in DEMO_STAFF:
        user, _ = User.objects.get_or_create(username=username, defaults={"role": role})
        user.role = role
        user.is_staff = role == User.Role.ADMIN
        user.is_superuser = role == User.Role.ADMIN
        user.set_password(DEMO_PASSWORD)
        user.save()
        staff[username] = user
    return staff
