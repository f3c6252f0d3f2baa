import datetime
import re

import pytest
from django.test import override_settings

from apps.audit.models import AuditEntry
from apps.common import clock
from apps.participants import codes
from apps.participants.models import Participant
from apps.participants.services import participants as enrolment
from apps.participants.services import study_update
from tests.apps.factories import (
    enrol_with_consent,
    make_participant,
    make_protocol,
    make_session,
    make_study,
    make_user,
)

pytestmark = pytest.mark.django_db

CODE = re.compile(rf"^MX-[{codes.ALPHABET}]{{5}}$")
TODAY = datetime.date.today()
WEEK = datetime.timedelta(days=7)


def test_a_clinician_on_the_team_enrols_and_is_assigned(clinician, client_for):
    study = make_study(clinicians=[clinician], group_codes=["training"])
    response = client_for(clinician).post(
        "/api/participants/", {"study": study.pk, "age_band": "70-79", "group": "training"}
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert CODE.match(body["code"])
    assert body["clinicians"] == [clinician.pk]
    assert (body["age_band"], body["group"], body["has_consent"]) == ("70-79", "training", False)
    entry = AuditEntry.objects.get(object_type="participants.participant")
    assert (entry.action, entry.study_id, entry.actor) == ("create", study.pk, clinician)
    assert entry.after["code"] == body["code"]
    assert entry.after["clinicians"] == [clinician.pk]


def test_a_researcher_enrols_and_assigns_the_team(researcher, clinician, client_for):
    study = make_study(owners=[researcher], clinicians=[clinician])
    response = client_for(researcher).post(
        "/api/participants/", {"study": study.pk, "clinicians": [clinician.pk]}
    )
    assert response.status_code == 201
    assert response.json()["clinicians"] == [clinician.pk]
    assert response.json()["age_band"] == "unknown"


def test_only_clinicians_of_the_study_team_may_be_assigned(researcher, client_for):
    study = make_study(owners=[researcher])
    outsider = make_user(role="clinician")
    for who in (outsider, researcher):
        response = client_for(researcher).post(
            "/api/participants/", {"study": study.pk, "clinicians": [who.pk]}
        )
        assert response.status_code == 400
        assert "clinicians" in response.json()["error"]["details"]
    assert not Participant.objects.exists()


def test_a_clinician_off_the_team_may_not_enrol(researcher, clinician, client_for):
    study = make_study(owners=[researcher])
    # Put on the team to care for a participant, then taken off it: the study is still
    # visible to them through the participant, but they may no longer enrol.
    make_participant(study=study, clinicians=[clinician])
    study_update(study=study, actor=researcher, clinicians=[])
    response = client_for(clinician).post("/api/participants/", {"study": study.pk})
    assert response.status_code == 403
    assert Participant.objects.count() == 1


def test_enrolling_into_a_study_you_cannot_see_is_refused_like_an_unknown_one(
    researcher, client_for
):
    hidden = make_study()
    for study_id in (hidden.pk, 999999):
        response = client_for(researcher).post("/api/participants/", {"study": study_id})
        assert response.status_code == 400
        assert "study" in response.json()["error"]["details"]
    assert not Participant.objects.exists()


def test_bad_enrolment_fields_are_refused(researcher, client_for):
    study = make_study(owners=[researcher])
    response = client_for(researcher).post(
        "/api/participants/", {"study": study.pk, "age_band": "ancient"}
    )
    assert response.status_code == 400
    assert "age_band" in response.json()["error"]["details"]
    assert not Participant.objects.exists()


def test_codes_use_the_unambiguous_alphabet():
    drawn = {codes.participant_code_new() for _ in range(500)}
    assert all(CODE.match(code) for code in drawn)
    assert not set("".join(drawn)) & set("01OIL")
    assert len(drawn) > 490


def test_a_code_already_taken_in_the_study_is_drawn_again(researcher, monkeypatch):
    study = make_study(owners=[researcher])
    make_participant(study=study, code="MX-AAAAA")
    draws = iter(["MX-AAAAA", "MX-AAAAA", "MX-BBBBB"])
    monkeypatch.setattr(enrolment, "participant_code_new", lambda: next(draws))
    participant = enrolment.participant_enrol(study=study, actor=researcher)
    assert participant.code == "MX-BBBBB"


def test_the_same_code_may_exist_in_another_study(researcher, monkeypatch):
    make_participant(study=make_study(), code="MX-AAAAA")
    study = make_study(owners=[researcher])
    monkeypatch.setattr(enrolment, "participant_code_new", lambda: "MX-AAAAA")
    assert enrolment.participant_enrol(study=study, actor=researcher).code == "MX-AAAAA"


def test_a_lost_race_for_a_code_is_retried(researcher, monkeypatch):
    """Another enrolment takes the code between the check and the insert."""
    study = make_study(owners=[researcher])
    draws = iter(["MX-CCCCC", "MX-DDDDD"])
    monkeypatch.setattr(enrolment, "participant_code_new", lambda: next(draws))
    real_save = Participant.save
    raced = []

    def save(self, *args, **kwargs):
        if self.code == "MX-CCCCC" and not raced:
            raced.append(True)
            real_save(Participant(study=study, code="MX-CCCCC"))  # the rival
        return real_save(self, *args, **kwargs)

    monkeypatch.setattr(Participant, "save", save)
    assert enrolment.participant_enrol(study=study, actor=researcher).code == "MX-DDDDD"
    assert raced


def test_no_free_code_is_a_clear_conflict_and_stores_nothing(researcher, client_for, monkeypatch):
    study = make_study(owners=[researcher])
    make_participant(study=study, code="MX-AAAAA")
    monkeypatch.setattr(enrolment, "participant_code_new", lambda: "MX-AAAAA")
    logged = AuditEntry.objects.count()
    response = client_for(researcher).post("/api/participants/", {"study": study.pk})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "code_unavailable"
    assert Participant.objects.count() == 1
    assert AuditEntry.objects.count() == logged


def test_the_list_filters_by_study_group_and_code(researcher, client_for):
    groups = ["control", "training"]
    one = make_study(owners=[researcher], group_codes=groups)
    two = make_study(owners=[researcher], group_codes=groups)
    a = make_participant(study=one, code="MX-AB234", group="control")
    b = make_participant(study=one, code="MX-CD567", group="training")
    c = make_participant(study=two, code="MX-AB999", group="training")
    client = client_for(researcher)

    def ids(query):
        return {p["id"] for p in client.get("/api/participants/" + query).json()["results"]}

    assert ids("") == {a.pk, b.pk, c.pk}
    assert ids(f"?study={one.pk}") == {a.pk, b.pk}
    assert ids("?group=training") == {b.pk, c.pk}
    assert ids("?search=ab") == {a.pk, c.pk}
    assert ids(f"?study={two.pk}&search=AB") == {c.pk}
    response = client.get("/api/participants/?study=first")
    assert response.status_code == 400
    assert "study" in response.json()["error"]["details"]


def test_the_list_carries_session_activity_in_a_fixed_number_of_queries(
    clinician, client_for, django_assert_max_num_queries
):
    study = make_study(clinicians=[clinician])
    older = make_protocol(study=study, sessions_per_week=2)
    newest = make_protocol(study=study, sessions_per_week=5)
    now = clock.now()
    with clock.installed(clock.ManualClock(now - datetime.timedelta(days=10))):
        busy = enrol_with_consent(study, clinician)  # week 2 under way
        enrolment.participant_plan_set(
            participant=busy, actor=clinician, sessions_per_week=4, reason="plan agreed"
        )
    make_session(participant=busy, protocol=older, status="completed", at=now - WEEK)  # week 1
    make_session(participant=busy, protocol=older, status="completed")
    make_session(participant=busy, protocol=older, status="abandoned")
    planless = make_participant(study=study, clinicians=[clinician])
    make_session(participant=planless, protocol=older, status="completed")
    idle = make_participant(study=study, clinicians=[clinician])
    for _ in range(4):
        make_participant(study=study, clinicians=[clinician])
    # The page, its count and its last sessions; then the weekly counts of the page: starts,
    # sessions, prescriptions and protocols (and the session's sign-in).
    with django_assert_max_num_queries(8):
        rows = client_for(clinician).get("/api/participants/").json()["results"]
    by_id = {row["id"]: row for row in rows}
    assert len(rows) == 7
    assert by_id[busy.pk]["sessions_this_week"] == 1
    assert by_id[busy.pk]["sessions_last_week"] == 1
    assert by_id[busy.pk]["sessions_per_week_planned"] == 4  # their own plan
    assert by_id[busy.pk]["sessions_missed_last_week"] == 3
    assert by_id[busy.pk]["last_session_at"] is not None
    # No plan of their own: the study's newest protocol's, not that of the protocol last used.
    assert by_id[planless.pk]["sessions_per_week_planned"] == 5
    assert by_id[planless.pk]["sessions_this_week"] == 1
    assert by_id[idle.pk]["sessions_this_week"] == 0
    assert by_id[idle.pk]["sessions_last_week"] == 0
    assert by_id[idle.pk]["sessions_per_week_planned"] == 5
    assert by_id[idle.pk]["sessions_missed_last_week"] is None  # week 1 is not over
    assert by_id[idle.pk]["last_session_at"] is None
    assert newest.sessions_per_week == 5


def test_the_clinical_team_sets_the_weekly_plan_and_it_is_audited(
    researcher, clinician, client_for
):
    study = make_study(owners=[researcher], clinicians=[clinician])
    make_protocol(study=study, sessions_per_week=3)
    participant = make_participant(study=study, clinicians=[clinician])
    url = f"/api/participants/{participant.pk}/"
    response = client_for(clinician).patch(url, {"sessions_per_week": 2, "reason": "plan agreed"})
    assert response.status_code == 200, response.json()
    assert response.json()["sessions_per_week"] == 2
    assert response.json()["sessions_per_week_planned"] == 2
    entry = AuditEntry.objects.filter(object_id=str(participant.pk)).latest("pk")
    assert entry.after["sessions_per_week"] == 2
    # Cleared: the study's newest protocol's plan applies again.
    response = client_for(researcher).patch(
        url, {"sessions_per_week": None, "reason": "plan agreed"}
    )
    assert response.json()["sessions_per_week_planned"] == 3


def test_a_changed_weekly_plan_counts_from_the_week_it_is_set(clinician, client_for):
    """A week that is over keeps the plan it was measured against: a plan raised, then
    cleared, this week moves this week's plan, never last week's missed sessions."""
    study = make_study(clinicians=[clinician])
    make_protocol(study=study, sessions_per_week=3)
    team = client_for(clinician)
    now = clock.now()
    with clock.installed(clock.ManualClock(now - datetime.timedelta(days=10))):
        person = enrol_with_consent(study, clinician)  # week 2 is under way
        url = f"/api/participants/{person.pk}/"
        assert team.patch(url, {"sessions_per_week": 2, "reason": "agreed"}).status_code == 200
    make_session(participant=person, status="completed", at=now - datetime.timedelta(days=5))
    with clock.installed(clock.ManualClock(now)):
        raised = team.patch(url, {"sessions_per_week": 5, "reason": "review"})
        assert raised.status_code == 200, raised.json()
        row = raised.json()
        assert (row["sessions_last_week"], row["sessions_planned_last_week"]) == (1, 2)
        assert (row["sessions_missed_last_week"], row["sessions_per_week_planned"]) == (1, 5)
        cleared = team.patch(url, {"sessions_per_week": None, "reason": "review"}, format="json")
        row = cleared.json()
    # This week follows the study's newest protocol again; last week keeps its two.
    assert (row["sessions_planned_last_week"], row["sessions_per_week_planned"]) == (2, 3)
    assert [p.sessions_per_week for p in person.plans.order_by("pk")] == [2, 5, None]


def test_a_weekly_plan_out_of_range_or_from_outside_the_team_changes_nothing(clinician, client_for):
    study = make_study(clinicians=[clinician])
    participant = make_participant(study=study, clinicians=[clinician], sessions_per_week=3)
    url = f"/api/participants/{participant.pk}/"
    for bad in (0, 15, "often"):
        response = client_for(clinician).patch(
            url, {"sessions_per_week": bad, "reason": "plan agreed"}
        )
        assert response.status_code == 400, bad
        assert response.json()["error"]["code"]
    other = make_user(role="clinician")
    study.clinicians.add(other)  # on the team, but not caring for this participant
    response = client_for(other).patch(url, {"sessions_per_week": 5, "reason": "plan agreed"})
    assert response.status_code in (403, 404)
    # A clinician may set the plan, but not the details only the study's owners change.
    response = client_for(clinician).patch(
        url, {"sessions_per_week": 5, "group": "x", "reason": "plan agreed"}
    )
    assert response.status_code == 403
    participant.refresh_from_db()
    assert participant.sessions_per_week == 3 and participant.group == ""


def test_no_protocol_means_no_plan(researcher, client_for):
    participant = make_participant(study=make_study(owners=[researcher]))
    body = client_for(researcher).get(f"/api/participants/{participant.pk}/").json()
    assert body["sessions_per_week_planned"] is None
    assert "notes" not in body


def test_an_owner_changes_a_participant_and_it_is_audited(researcher, clinician, client_for):
    study = make_study(owners=[researcher], clinicians=[clinician], group_codes=["control"])
    participant = make_participant(study=study, age_band="60-69")
    response = client_for(researcher).patch(
        f"/api/participants/{participant.pk}/",
        {"age_band": "70-79", "group": "control", "clinicians": [clinician.pk], "reason": "r"},
    )
    assert response.status_code == 200, response.json()
    assert response.json()["clinicians"] == [clinician.pk]
    entry = AuditEntry.objects.get(object_type="participants.participant", action="update")
    assert (entry.before["age_band"], entry.after["age_band"]) == ("60-69", "70-79")
    assert (entry.before["clinicians"], entry.after["clinicians"]) == ([], [clinician.pk])
    assert entry.study_id == study.pk


def test_a_change_to_nothing_leaves_no_audit_entry(researcher, client_for):
    study = make_study(owners=[researcher], group_codes=["a"])
    participant = make_participant(study=study, group="a")
    logged = AuditEntry.objects.count()
    response = client_for(researcher).patch(
        f"/api/participants/{participant.pk}/", {"group": "a", "reason": "r"}
    )
    assert response.status_code == 200
    assert AuditEntry.objects.count() == logged


def test_a_clinician_may_not_change_a_participant(clinician, client_for):
    study = make_study(group_codes=["a", "b"])
    participant = make_participant(study=study, clinicians=[clinician], group="a")
    response = client_for(clinician).patch(
        f"/api/participants/{participant.pk}/", {"group": "b", "reason": "r"}
    )
    assert response.status_code == 403
    participant.refresh_from_db()
    assert participant.group == "a"


def test_consent_is_recorded_and_audited(clinician, client_for):
    participant = make_participant(clinicians=[clinician])
    response = client_for(clinician).post(
        f"/api/participants/{participant.pk}/consent/",
        {"date": TODAY.isoformat(), "form_version": "v2.1"},
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["consent_date"], body["consent_form_version"]) == (TODAY.isoformat(), "v2.1")
    assert body["has_consent"] is True
    entry = AuditEntry.objects.get(object_type="participants.participant", action="update")
    assert (entry.before["consent_date"], entry.after["consent_date"]) == (None, TODAY.isoformat())
    assert entry.after["consent_form_version"] == "v2.1"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"date": (TODAY + datetime.timedelta(days=2)).isoformat(), "form_version": "v1"}, "date"),
        ({"date": "yesterday", "form_version": "v1"}, "date"),
        ({"date": TODAY.isoformat()}, "form_version"),
        ({"date": TODAY.isoformat(), "form_version": "x" * 51}, "form_version"),
    ],
)
def test_bad_consent_is_refused(researcher, client_for, data, field):
    participant = make_participant(study=make_study(owners=[researcher]))
    response = client_for(researcher).post(f"/api/participants/{participant.pk}/consent/", data)
    assert response.status_code == 400
    assert field in response.json()["error"]["details"]
    participant.refresh_from_db()
    assert participant.consent_date is None


def test_consent_and_withdrawal_keep_the_services_clock(researcher, client_for):
    """Consent's "not in the future" and the withdrawal's time read the clock the sittings
    read, so a withdrawal never appears to come before the sittings it ended."""
    then = datetime.datetime(2026, 3, 2, 10, tzinfo=datetime.UTC)
    client = client_for(researcher)
    with clock.installed(clock.ManualClock(then)):
        participant = make_participant(study=make_study(owners=[researcher]))
        url = f"/api/participants/{participant.pk}/"
        ahead = client.post(url + "consent/", {"date": "2026-03-03", "form_version": "v1"})
        assert ahead.status_code == 400 and "date" in ahead.json()["error"]["details"]
        given = client.post(url + "consent/", {"date": "2026-03-02", "form_version": "v1"})
        assert given.status_code == 200, given.content
        make_session(participant=participant, status="completed")
    with clock.installed(clock.ManualClock(then + datetime.timedelta(days=1))):
        stopped = client.post(url + "withdraw/", {"reason": "asked to stop"})
    assert stopped.status_code == 200, stopped.content
    withdrawn_at = datetime.datetime.fromisoformat(stopped.json()["consent_withdrawn_at"])
    assert withdrawn_at == then + datetime.timedelta(days=1)
    [sitting] = participant.sessions.all()
    assert sitting.completed_at == then < withdrawn_at


def test_withdrawal_stops_consent_and_keeps_the_data(researcher, client_for):
    study = make_study(owners=[researcher])
    participant = make_participant(study=study, consent_date=TODAY, consent_form_version="v1")
    session = make_session(participant=participant, status="completed")
    entries = AuditEntry.objects.filter(object_type="participants.participant")
    enrolled = entries.count()
    assert enrolled == 2  # its enrolment and its consent
    client = client_for(researcher)
    response = client.post(
        f"/api/participants/{participant.pk}/withdraw/", {"reason": "asked to stop"}
    )
    assert response.status_code == 200
    body = response.json()
    assert body["has_consent"] is False
    assert body["consent_withdrawn_at"] is not None
    assert body["consent_date"] == TODAY.isoformat()  # what was given stays on record
    session.refresh_from_db()
    assert session.status == "completed"
    again = client.post(
        f"/api/participants/{participant.pk}/withdraw/", {"reason": "asked to stop"}
    )
    assert again.json()["consent_withdrawn_at"] == body["consent_withdrawn_at"]
    assert entries.count() == enrolled + 1  # withdrawing twice changes nothing the second time
    assert entries.latest("pk").before["consent_withdrawn_at"] is None
    response = client.post(
        f"/api/participants/{participant.pk}/consent/",
        {"date": TODAY.isoformat(), "form_version": "v2"},
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "consent_withdrawn"


@pytest.mark.parametrize(
    ("zone", "this_week", "last_week", "missed"),
    [
        # 23:30 UTC on Sunday 29 November is already Monday 00:30 in Berlin: week 5 of a start
        # on Monday 2 November there, in which the session of 00:15 is this week's and that of
        # Sunday 23:30 (Berlin) last week's.
        ("Europe/Berlin", 1, 1, 2),
        # In UTC it is still Sunday, the last day of week 4: both sessions are this week's,
        # and week 3 had none.
        ("UTC", 2, 0, 3),
    ],
)
def test_the_weekly_plan_counts_weeks_in_the_clinic_s_zone_around_midnight(
    clinician, client_for, zone, this_week, last_week, missed
):
    utc = datetime.UTC
    study = make_study(clinicians=[clinician])
    with clock.installed(clock.ManualClock(datetime.datetime(2026, 11, 2, 9, tzinfo=utc))):
        protocol = make_protocol(study=study, sessions_per_week=3)
        person = enrol_with_consent(study, clinician)  # week 1 from Monday 2 November
    for at in (
        datetime.datetime(2026, 11, 29, 22, 30, tzinfo=utc),  # Sunday 23:30 in Berlin
        datetime.datetime(2026, 11, 29, 23, 15, tzinfo=utc),  # Monday 00:15 in Berlin
    ):
        make_session(participant=person, protocol=protocol, status="completed", at=at)
    now = datetime.datetime(2026, 11, 29, 23, 30, tzinfo=utc)
    with override_settings(TIME_ZONE=zone), clock.installed(clock.ManualClock(now)):
        row = client_for(clinician).get(f"/api/participants/{person.pk}/").json()
    assert row["sessions_this_week"] == this_week
    assert row["sessions_last_week"] == last_week
    assert row["sessions_missed_last_week"] == missed


def test_no_missed_sessions_are_counted_before_week_one_is_over(clinician, client_for):
    study = make_study(clinicians=[clinician])
    make_protocol(study=study, sessions_per_week=3)
    person = make_participant(study=study, clinicians=[clinician])
    assert (
        client_for(clinician)
        .get(f"/api/participants/{person.pk}/")
        .json()["sessions_missed_last_week"]
        is None
    )


def test_a_group_is_one_of_the_study_s_codes_never_free_text(researcher, clinician, client_for):
    study = make_study(owners=[researcher], clinicians=[clinician])
    owner, team = client_for(researcher), client_for(clinician)
    url = f"/api/studies/{study.pk}/"
    for bad in (["Mrs J. Smith"], ["a b"], ["ok", "ok"], ["x" * 21]):
        refused = owner.patch(url, {"group_codes": bad}, format="json")
        assert refused.status_code == 400, bad
        assert "group_codes" in refused.json()["error"]["details"]
    assert owner.patch(url, {"group_codes": ["ward-A", "ward-B"]}, format="json").json()[
        "group_codes"
    ] == ["ward-A", "ward-B"]
    typed = team.post("/api/participants/", {"study": study.pk, "group": "Mrs J. Smith, ward 4"})
    assert typed.status_code == 400 and "group" in typed.json()["error"]["details"]
    made = team.post("/api/participants/", {"study": study.pk, "group": "ward-A"})
    assert made.status_code == 201 and made.json()["group"] == "ward-A"
    dropped = owner.patch(url, {"group_codes": ["ward-B"]}, format="json")
    assert dropped.status_code == 409 and dropped.json()["error"]["code"] == "group_code_in_use"
    assert owner.patch(url, {"group_codes": ["ward-A", "C"]}, format="json").status_code == 200
