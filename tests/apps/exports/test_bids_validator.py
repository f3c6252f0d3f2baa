"""The official BIDS validator on a real export: no errors and no warnings.

Three recommended keys have no honest value here and are ignored by the committed config
(``apps/exports/validation/bids-validator.json``): ``HEDVersion`` (no HED tags are used), and a
task's ``CogAtlasID`` and ``CogPOID`` (neither ontology has a term for these card games).
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.django_db

VALIDATOR = Path(sys.executable).parent / "bids-validator-deno"
CONFIG = Path(__file__).resolve().parents[3] / "apps/exports/validation/bids-validator.json"
IGNORED = {("HEDVersion",), ("CogAtlasID",), ("CogPOID",)}


def test_the_bids_validator_finds_nothing_to_report(exported):
    assert VALIDATOR.exists(), "bids-validator-deno is a dev dependency (make setup)"
    done = subprocess.run(
        [
            str(VALIDATOR),
            str(exported.folder / "bids"),
            *("--format", "json", "--max-rows", "-1", "--config", str(CONFIG)),
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    report = json.loads(done.stdout)
    issues = report["issues"]["issues"]
    reported = [i for i in issues if i["severity"] != "ignore"]
    assert [(i["severity"], i["code"], i.get("subCode"), i.get("location")) for i in reported] == []
    assert {(i.get("subCode"),) for i in issues} <= IGNORED
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
