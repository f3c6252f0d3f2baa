"""A script that reads only the export reproduces every reading: the inference table holds each
reading's inputs, the metrics table the session values its trend rests on, and the history of
readings is kept (appended, never overwritten)."""

import csv
import math
from collections import defaultdict
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.exports.folder import export_to_folder
from apps.metrics import services, stats
from apps.metrics.catalogue import CATALOGUE
from apps.metrics.models import MetricValue
from apps.participants.services import study_create
from tests.apps.factories import make_participant, make_session

pytestmark = pytest.mark.django_db

NORMS = (
    "key,version,age_band,game,examination_seconds,opponent,mean,sd,n,source,retest_r,retest_n,"
    "retest_source\n"
    "tricks_won,1,70-79,memulation,30,greedy,10,2.5,118,Example norms,0.8,64,Example Table 5\n"
)


def held(participant, protocol, values, n=3):
    for i, value in enumerate(values):
        at = participant.created_at + timedelta(days=7 * i, hours=1)
        session = make_session(
            participant=participant, protocol=protocol, status="completed", at=at
        )
        for key, v in value.items():
            MetricValue.objects.create(
                level="session", subject_id=session.pk, participant=participant,
                session=session, key=key, version=CATALOGUE[key].version, value=v, n=n,
            )  # fmt: skip


def read(path):
    with path.open(newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def number(text):
    return None if text == "" else float(text)


@pytest.fixture
def study(researcher):
    import io

    from apps.metrics.norms import norms_load
    from tests.apps.factories import make_protocol, open_study

    study = study_create(
        actor=researcher,
        name="Reproducible",
        primary_metrics=["tricks_won"],
        assessment_points=[
            {"kind": "baseline", "session": 1},
            {"kind": "post_training", "session": 6},
        ],
    )
    norms_load(io.StringIO(NORMS))
    protocol = make_protocol(study=study, opponent="greedy", examination_seconds=30)
    open_study(study, [("control", "70-79")] * 6 + [("training", "70-79")])
    today = timezone.localdate()
    for i in range(6):
        person = make_participant(study=study, arm="control", age_band="70-79", consent_date=today)
        held(person, protocol, [{"tricks_won": 9 + (i + s) % 3} for s in range(6)])
    trained = make_participant(study=study, arm="training", age_band="70-79", consent_date=today)
    steps = [9, 10, 12, 13, 15, 17]
    held(trained, protocol, [{"tricks_won": t, "illegal_attempts": t / 10} for t in steps])
    for person in study.participants.all():
        services.participant_readings_refresh(participant=person)
    return study


def test_every_reading_is_reproduced_from_the_export_alone(study, tmp_path):
    export_to_folder(study=study, formats=["csv"], filters={}, out=tmp_path, shift_dates=False)
    inference = read(tmp_path / "csv" / "inference.csv")
    metrics = read(tmp_path / "csv" / "metrics.csv")
    values = defaultdict(list)  # (participant, key) -> [(session, value, n)]
    for row in metrics:
        if row["level"] == "session" and row["value"] != "":
            values[(row["participant_id"], row["key"])].append(
                (int(row["session"]), float(row["value"]), int(row["n"]))
            )
    checked = {"change": 0, "trend": 0, "cohort": 0}
    for row in inference:
        if row["change_status"] == "ok":
            # RCI = (point - baseline - practice) / sqrt(2 SEM^2 + practice_sd^2 / practice_n)
            sem = float(row["sd"]) * math.sqrt(1 - float(row["retest_r"]))
            s_diff = math.sqrt(
                2 * sem**2 + float(row["practice_sd"]) ** 2 / float(row["practice_n"])
            )
            change = float(row["point_value"]) - float(row["baseline"])
            assert float(row["s_diff"]) == pytest.approx(s_diff)
            assert float(row["rci"]) == pytest.approx(
                (change - float(row["practice_gain"])) / s_diff
            )
            # df = (2 SEM^2 + P)^2 / ((2 SEM^2)^2 / (retest n - 2) + P^2 / (n_c - 1))
            error, practice = 2 * sem**2, float(row["practice_sd"]) ** 2 / float(row["practice_n"])
            df = (error + practice) ** 2 / (
                error**2 / (float(row["reliability_n"]) - 2)
                + practice**2 / (float(row["practice_n"]) - 1)
            )
            assert float(row["rci_df"]) == pytest.approx(df)
            assert float(row["rci_p"]) == pytest.approx(stats.t_two_sided_p(float(row["rci"]), df))
            checked["change"] += 1
        if row["trend_status"] == "ok":
            metric = CATALOGUE[row["key"]]
            last = int(row["point_session"]) if row["point_session"] else math.inf
            points = [
                (s, v, n)
                for s, v, n in values[(row["participant_id"], row["key"])]
                if n >= metric.min_trials and s <= last
            ]
            fit = (stats.logistic_trend if row["trend_scale"] == "logit" else stats.weighted_trend)(
                [s for s, _, _ in points], [v for _, v, _ in points], [n for _, _, n in points]
            )
            assert int(row["trend_points"]) == len(points)
            assert float(row["slope"]) == pytest.approx(fit.slope)
            assert float(row["trend_p"]) == pytest.approx(fit.p)
            checked["trend"] += 1
        if row["z_cohort"] != "":
            # Crawford and Howell: t = (x - mean) / (SD sqrt(1 + 1/n)) on n - 1 df.
            n, mean, sd = int(row["cohort_n"]), float(row["cohort_mean"]), float(row["cohort_sd"])
            t = (float(row["latest"]) - mean) / (sd * math.sqrt(1 + 1 / n))
            assert float(row["cohort_t"]) == pytest.approx(t)
            assert int(row["cohort_df"]) == n - 1
            assert float(row["cohort_p"]) == pytest.approx(stats.t_two_sided_p(t, n - 1))
            assert float(row["cohort_below"]) == pytest.approx(stats.t_cdf(t, n - 1))
            checked["cohort"] += 1
    assert checked["change"] >= 7 and checked["trend"] >= 8 and checked["cohort"] >= 6
    # The primary family at the point: Holm across its readings, times the one point.
    for pid in {r["participant_id"] for r in inference}:
        family = [
            (r, test)
            for r in inference
            if r["participant_id"] == pid and r["role"] == "primary"
            for test in ("rci", "trend")
            if r[f"{test}_p"] != ""
        ]
        adjusted = stats.holm([float(r[f"{test}_p"]) for r, test in family])
        for (r, test), p_adj in zip(family, adjusted, strict=True):
            assert float(r[f"{test}_p_adjusted"]) == pytest.approx(p_adj)
            word = p_adj < 0.05
            assert word == any(w in r["words"] for w in ("reliable", "improvement", "decline"))
    # The trained participant's exploratory trend of illegal attempts: Holm over one trend.
    trained = [r for r in inference if r["role"] == "exploratory"]
    assert trained
    for r in trained:
        assert float(r["trend_p_adjusted"]) == pytest.approx(float(r["trend_p"]))


def test_past_readings_are_kept_in_the_export(study, tmp_path):
    trained = study.participants.get(arm__name="training")
    protocol = study.protocols.get()
    held(trained, protocol, [{"tricks_won": 18, "illegal_attempts": 1.8}])
    services.participant_readings_refresh(participant=trained)
    export_to_folder(study=study, formats=["csv"], filters={}, out=tmp_path, shift_dates=False)
    rows = [r for r in read(tmp_path / "csv" / "inference.csv") if r["key"] == "illegal_attempts"]
    assert len(rows) == 2
    assert rows[0]["computed_at"] <= rows[1]["computed_at"]
    assert rows[0]["latest"] == "1.7" and rows[1]["latest"] == "1.8"
