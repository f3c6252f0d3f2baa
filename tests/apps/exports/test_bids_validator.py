"""The official BIDS validator on a real export, every row read and nothing ignored: no errors,
and no warnings but the two a new task cannot avoid, a task's ``CogAtlasID`` and ``CogPOID``
(neither ontology has a term for these card games). The events carry HED annotations, which the
validator checks against the HED schema named in ``HEDVersion``.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.django_db

VALIDATOR = Path(sys.executable).parent / "bids-validator-deno"
UNAVOIDABLE = {"CogAtlasID", "CogPOID"}


def test_the_bids_validator_finds_nothing_to_report(exported):
    assert VALIDATOR.exists(), "bids-validator-deno is a dev dependency (make setup)"
    done = subprocess.run(
        [
            str(VALIDATOR),
            str(exported.folder / "bids"),
            *("--format", "json", "--max-rows", "-1"),
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    report = json.loads(done.stdout)
    issues = report["issues"]["issues"]
    reported = [i for i in issues if i.get("subCode") not in UNAVOIDABLE]
    assert [(i["severity"], i["code"], i.get("subCode"), i.get("location")) for i in reported] == []
    assert {i["severity"] for i in issues} <= {"warning"}
    description = json.loads((exported.folder / "bids" / "dataset_description.json").read_text())
    assert description["HEDVersion"] == "8.3.0"
    events = json.loads((exported.folder / "bids" / "task-memulation_events.json").read_text())
    assert events["trial_type"]["HED"]["play"].startswith("(Agent-action, Participant-response")
    summary = report["summary"]
    assert summary["subjects"] and "beh" in summary["dataTypes"]


def test_the_validator_does_report_a_broken_dataset(exported, tmp_path):
    broken = tmp_path / "bids"
    shutil.copytree(exported.folder / "bids", broken)
    (broken / "dataset_description.json").unlink()
    done = subprocess.run(
        [str(VALIDATOR), str(broken), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    issues = json.loads(done.stdout)["issues"]["issues"]
    assert any(i["severity"] == "error" for i in issues)


def test_the_validator_checks_the_hed_annotations(exported, tmp_path):
    broken = tmp_path / "bids"
    shutil.copytree(exported.folder / "bids", broken)
    sidecar = broken / "task-memulation_events.json"
    events = json.loads(sidecar.read_text())
    events["trial_type"]["HED"]["play"] = "(Agent-action, Playing-card)"  # not a HED tag
    sidecar.write_text(json.dumps(events))
    done = subprocess.run(
        [str(VALIDATOR), str(broken), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    issues = json.loads(done.stdout)["issues"]["issues"]
    assert any(i["code"] == "HED_ERROR" and i.get("subCode") == "TAG_INVALID" for i in issues)


def test_the_demo_studys_export_is_clean_too(django_capture_on_commit_callbacks, tmp_path):
    """The demo declares its authors and institution: its export has nothing to report but the
    two ids a new task cannot have."""
    from django.core.management import call_command

    from apps.exports.folder import export_to_folder
    from apps.participants.models import Study

    with django_capture_on_commit_callbacks(execute=True):
        call_command("seed_demo", participants=2, weeks=1)
    study = Study.objects.get(name="Memory Clinic Pilot (demo)")
    assert study.primary_metrics and study.assessment_points.count() == 2
    export_to_folder(study=study, formats=["bids"], filters={}, out=tmp_path)
    done = subprocess.run(
        [str(VALIDATOR), str(tmp_path / "bids"), "--format", "json", "--max-rows", "-1"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    issues = json.loads(done.stdout)["issues"]["issues"]
    reported = [i for i in issues if i.get("subCode") not in UNAVOIDABLE]
    assert [(i["severity"], i["code"], i.get("subCode")) for i in reported] == []
