"""A real SMTP server for the reminder tests (aiosmtpd, on a free port in this process), and
the site sending through it with Django's SMTP backend."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller
from django.utils import timezone

from apps.accounts.models import User
from tests.apps.factories import make_study
from tests.conftest import free_port, make_staff, wait_for


class Inbox:
    """What the server was handed, each message parsed; it refuses the recipients in
    ``refused`` as a mail server refuses an unknown mailbox (550 at RCPT TO)."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.recipients: list[list[str]] = []
        self.refused: set[str] = set()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refused:
            return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append(parsed)  # type: ignore[arg-type]
        self.recipients.append(list(envelope.rcpt_tos))
        return "250 Message accepted for delivery"

    def wait_for(self, count: int) -> list[EmailMessage]:
        assert wait_for(lambda: len(self.messages) >= count, 10), self.messages
        return self.messages


@pytest.fixture
def smtp_server(settings):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": controller.port, "use_tls": False},
        }
    }
    settings.SITE_URL = "https://memulation.example.org"
    try:
        yield inbox
    finally:
        controller.stop()


# The study's prescription: reminders are for the weeks of a programme that prescribe sessions.
DOSE = {"sessions_per_week": 2, "minutes_per_session": 20, "weeks": 4}


@pytest.fixture
def study(researcher, clinician, client_for):
    """A study named for its condition, whose owner has prescribed ``DOSE``."""
    study = make_study(owners=[researcher], clinicians=[clinician], name="Early Alzheimer Study")
    prescribed = client_for(researcher).put(
        f"/api/studies/{study.pk}/programme/", DOSE, format="json"
    )
    assert prescribed.status_code == 200, prescribed.json()
    return study


@pytest.fixture
def consenting(study, clinician, client_for):
    """A consenting participant of ``study``, enrolled by ``clinician``: week 1 starts today."""
    team = client_for(clinician)
    pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
    consent = {"date": timezone.localdate().isoformat(), "form_version": "1"}
    assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
    return pk


@pytest.fixture
def outsider(db):
    return make_staff("oscar", User.Role.CLINICIAN)
