"""The front end's API types (frontend/src/api/schema.ts) are the OpenAPI schema as it is now:
after a serializer changes, ``make types`` regenerates them and this test says when it was not."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

from django.core.management import call_command

FRONTEND = Path(__file__).resolve().parents[3] / "frontend"
GENERATED = FRONTEND / "src" / "api" / "schema.ts"


def _schema(tmp_path: Path) -> Path:
    out = tmp_path / "openapi.json"
    call_command("spectacular", "--format", "openapi-json", "--file", str(out))
    return out


def _check(schema: Path) -> subprocess.CompletedProcess:
    """The front end's own generation (``npm run types``, as ``make types`` runs it) with
    openapi-typescript's ``--check``: would generating from ``schema`` change the file?"""
    assert (FRONTEND / "node_modules" / ".bin" / "openapi-typescript").exists(), (
        "the front end's packages are missing: run make frontend"
    )
    return subprocess.run(
        ["npm", "run", "--silent", "types", "--", str(schema), "--check"],
        cwd=FRONTEND,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_generated_types_match_the_schema(tmp_path):
    ran = _check(_schema(tmp_path))
    assert ran.returncode == 0, (
        "frontend/src/api/schema.ts does not match the OpenAPI schema: run `make types` and "
        f"commit it\n{ran.stdout}{ran.stderr}"
    )


def test_a_change_to_the_schema_is_noticed_and_nothing_is_written(tmp_path):
    schema = _schema(tmp_path)
    document = json.loads(schema.read_text())
    document["components"]["schemas"]["SeatView"]["properties"]["surprise"] = {"type": "integer"}
    schema.write_text(json.dumps(document))
    before = hashlib.sha256(GENERATED.read_bytes()).hexdigest()
    assert _check(schema).returncode != 0
    assert hashlib.sha256(GENERATED.read_bytes()).hexdigest() == before
