"""The demo study is opened with arms and allocates every participant, before their first
session and after their consent."""

from datetime import timedelta

from django.core.management import call_command
from django.utils import timezone

from apps.accounts.models import User
from apps.participants.models import AllocationSlot, Participant


def test_the_demo_allocates_every_participant(db):
    call_command("seed_demo", participants=3, weeks=1)
    people = Participant.objects.select_related("allocation").prefetch_related("sessions")
    assert people.count() == 3
    for participant in people:
        slot = participant.allocation
        assert participant.arm_id == slot.arm_id
        assert slot.stratum == participant.age_band
        assert slot.eligibility and slot.allocated_by.username == "clinician"
        first = min(session.started_at for session in participant.sessions.all())
        assert participant.consent_date <= slot.allocated_at.date() and slot.allocated_at < first
        # enrolled, consenting and allocated on the services' clock, the day before the sittings
        assert slot.allocated_at == participant.created_at
        assert participant.consent_date == timezone.localdate(participant.created_at)
        assert first - participant.created_at < timedelta(days=2)
    assert sorted(AllocationSlot.objects.values_list("position", flat=True)) == [1, 2, 3]


def test_the_demo_s_participants_are_measured_against_its_prescription(db, client_for):
    """The demo prescribes three sessions a week and holds three: its clinician sees each week
    of the ledger held in full and nothing missed."""
    call_command("seed_demo", participants=2, weeks=2)
    demo = client_for(User.objects.get(username="clinician"))
    for participant in Participant.objects.all():
        ledger = demo.get(f"/api/participants/{participant.pk}/dose/").json()
        over = [w for w in ledger["weeks"] if w["week"] < ledger["current_week"]]
        assert [(w["prescribed"], w["delivered"]) for w in over] == [(3, 3), (3, 3)]
        row = demo.get(f"/api/participants/{participant.pk}/").json()
        assert (row["sessions_per_week_planned"], row["sessions_missed_last_week"]) == (3, 0)
