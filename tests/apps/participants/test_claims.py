"""A study declares what it will claim: its primary metrics and its assessment points."""

import pytest

from apps.audit.models import AuditEntry
from apps.participants.models import AssessmentPoint, Study
from tests.apps.factories import make_participant, make_session, make_study

pytestmark = pytest.mark.django_db

POINTS = [
    {"kind": "baseline", "session": 1},
    {"kind": "post_training", "label": "After 12 weeks", "session": 24},
    {"kind": "follow_up", "label": "6-month follow-up", "window_start_days": 250,
     "window_end_days": 280},
]  # fmt: skip


def test_a_study_declares_its_primary_metrics_and_assessment_points(researcher, client_for):
    response = client_for(researcher).post(
        "/api/studies/",
        {"name": "Recall", "primary_metrics": ["recall_hit"], "assessment_points": POINTS},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["primary_metrics"] == ["recall_hit"]
    points = body["assessment_points"]
    assert [(p["kind"], p["label"], p["session"], p["when"]) for p in points] == [
        ("baseline", "", 1, "session 1"),
        ("post_training", "After 12 weeks", 24, "session 24"),
        ("follow_up", "6-month follow-up", None, "days 250-280 after enrolment"),
    ]
    study = Study.objects.get(pk=body["id"])
    assert list(study.assessment_points.values_list("kind", flat=True)) == [
        "baseline",
        "post_training",
        "follow_up",
    ]
    entry = AuditEntry.objects.get(object_type="participants.study", action="create")
    assert entry.after["primary_metrics"] == ["recall_hit"]
    assert [p["kind"] for p in entry.after["assessment_points"]] == [
        "baseline",
        "post_training",
        "follow_up",
    ]
    assert client_for(researcher).get(f"/api/studies/{study.pk}/").json() == body


def test_an_owner_replaces_the_points_and_the_change_is_audited(researcher, client_for):
    study = make_study(owners=[researcher])
    response = client_for(researcher).patch(
        f"/api/studies/{study.pk}/",
        {"primary_metrics": ["recall_hit", "tricks_won"], "assessment_points": POINTS[:2]},
        format="json",
    )
    assert response.status_code == 200, response.json()
    response = client_for(researcher).patch(
        f"/api/studies/{study.pk}/",
        {"assessment_points": [POINTS[0], {"kind": "post_training", "session": 12}]},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert [p["session"] for p in response.json()["assessment_points"]] == [1, 12]
    entry = AuditEntry.objects.filter(object_type="participants.study").order_by("-id").first()
    assert [p["session"] for p in entry.before["assessment_points"]] == [1, 24]
    assert [p["session"] for p in entry.after["assessment_points"]] == [1, 12]
    assert entry.after["primary_metrics"] == ["recall_hit", "tricks_won"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"primary_metrics": ["no_such"]}, "is not a valid choice"),
        ({"primary_metrics": ["examination_sorts"]}, "is not a valid choice"),  # neutral
        ({"primary_metrics": ["recall_chance"]}, "is not a valid choice"),  # a chance level
        ({"primary_metrics": ["recall_hit", "recall_hit"], "assessment_points": POINTS},
         "named twice"),
        ({"primary_metrics": ["recall_hit"]}, "declare a baseline"),
        ({"assessment_points": [{"kind": "post_training", "session": 3}]}, "must be the baseline"),
        ({"assessment_points": [POINTS[0], POINTS[0]]}, "one baseline"),
        ({"assessment_points": [POINTS[0], {"kind": "follow_up", "session": 5},
                                {"kind": "post_training", "session": 9}]}, "after the end"),
        ({"assessment_points": [{"kind": "baseline", "session": 4},
                                {"kind": "post_training", "session": 4}]}, "after the one before"),
        ({"assessment_points": [{"kind": "baseline", "session": 1, "window_start_days": 0,
                                 "window_end_days": 3}]}, "not both"),
        ({"assessment_points": [{"kind": "baseline", "window_start_days": 0}]}, "first and last"),
        ({"assessment_points": [{"kind": "baseline", "window_start_days": 9,
                                 "window_end_days": 3}]}, "before its last"),
        ({"assessment_points": [{"kind": "baseline"}]}, "not both"),
    ],
)  # fmt: skip
def test_bad_claims_are_refused_and_change_nothing(researcher, client_for, body, message):
    study = make_study(owners=[researcher])
    response = client_for(researcher).patch(f"/api/studies/{study.pk}/", body, format="json")
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"] == "validation_error"
    assert message in str(error["details"])
    study.refresh_from_db()
    assert study.primary_metrics == []
    assert not AssessmentPoint.objects.exists()


def test_claims_are_fixed_once_a_session_is_completed(researcher, client_for):
    study = make_study(owners=[researcher])
    client = client_for(researcher)
    response = client.patch(
        f"/api/studies/{study.pk}/",
        {"primary_metrics": ["recall_hit"], "assessment_points": POINTS[:2]},
        format="json",
    )
    assert response.status_code == 200
    participant = make_participant(study=study)
    make_session(participant=participant, status="completed")
    response = client.patch(
        f"/api/studies/{study.pk}/", {"primary_metrics": ["tricks_won"]}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "claims_fixed"
    study.refresh_from_db()
    assert study.primary_metrics == ["recall_hit"]
    # The study's other fields can still change.
    response = client.patch(f"/api/studies/{study.pk}/", {"description": "Now running"})
    assert response.status_code == 200
