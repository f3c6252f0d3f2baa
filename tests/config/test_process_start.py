"""What a process of the platform loads when it starts: the web and live servers and a Celery
worker import every view, URL and task, but not the libraries only an export's Parquet file or
a printed report needs (pyarrow alone is about 50 MB and 50 ms a process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOADED_WHEN_NEEDED = ("pyarrow", "reportlab")
START = """
import json, sys
import django
django.setup()
from django.urls import get_resolver
get_resolver().url_patterns
import config.asgi, config.wsgi
from config.celery import app
app.loader.import_default_modules()
loaded = sorted({name.split(".")[0] for name in sys.modules})
print(json.dumps({"tasks": len(app.tasks), "loaded": loaded}))
"""


def test_a_server_or_worker_starts_without_the_export_and_report_libraries():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "1"}
    env.pop("DATABASE_URL", None)  # the embedded default: starting needs no database
    command = [sys.executable, "-c", START]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    started = json.loads(done.stdout.strip().splitlines()[-1])
    assert "apps" in started["loaded"] and started["tasks"] > 10, started
    assert not set(LOADED_WHEN_NEEDED) & set(started["loaded"]), started["loaded"]
