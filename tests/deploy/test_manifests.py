"""The deploy/ files, checked offline: Kubernetes manifests against the API's schemas, the
compose file against the Compose specification, and both against the settings they run."""

from __future__ import annotations

import itertools
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import kubernetes_validate
import pytest
import yaml
from django.conf import settings

from config.celery import app

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S_VERSION = "1.31.0"  # the oldest Kubernetes the manifests are meant for
ROLES = {"web", "live", "worker", "beat", "migrate", "backup"}


def manifests() -> list[dict]:
    docs = []
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        docs += [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
    return docs


def of_kind(kind: str) -> list[dict]:
    return [doc for doc in manifests() if doc["kind"] == kind]


def containers(doc: dict) -> list[dict]:
    spec = doc["spec"]
    if doc["kind"] == "CronJob":
        spec = spec["jobTemplate"]["spec"]
    return spec["template"]["spec"]["containers"]


def env_of(container: dict) -> dict:
    return {item["name"]: item.get("value") for item in container.get("env", [])}


@pytest.mark.parametrize("doc", manifests(), ids=lambda d: f"{d['kind']}-{d['metadata']['name']}")
def test_every_manifest_is_valid_kubernetes(doc):
    kubernetes_validate.validate(doc, K8S_VERSION, strict=True)


def test_the_validation_can_fail():
    (web,) = [d for d in of_kind("Deployment") if d["metadata"]["name"] == "memulation-web"]
    broken = {**web, "spec": {**web["spec"], "replicas": "two", "surprise": True}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, K8S_VERSION, strict=True)


@pytest.mark.parametrize("role", ["web", "live"])
def test_web_and_live_pods_are_probed_on_readyz_and_healthz_and_scaled(role):
    name = f"memulation-{role}"
    (deployment,) = [d for d in of_kind("Deployment") if d["metadata"]["name"] == name]
    (container,) = containers(deployment)
    assert container["args"] == [role]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert name in {h["spec"]["scaleTargetRef"]["name"] for h in of_kind("HorizontalPodAutoscaler")}
    (service,) = [d for d in of_kind("Service") if d["metadata"]["name"] == name]
    assert service["spec"]["selector"] == deployment["spec"]["template"]["metadata"]["labels"]


def test_the_ingress_sends_the_sockets_to_live_and_the_rest_to_web():
    (ingress,) = of_kind("Ingress")
    (rule,) = ingress["spec"]["rules"]
    routes = {p["path"]: p["backend"]["service"]["name"] for p in rule["http"]["paths"]}
    assert routes == {"/ws/": "memulation-live", "/": "memulation-web"}
    # The socket paths the browser app opens are the live role's, and only under /ws/.
    from apps.live.routing import websocket_urlpatterns

    assert all(str(p.pattern).startswith("ws/") for p in websocket_urlpatterns)
    (config,) = [d for d in of_kind("ConfigMap") if d["metadata"]["name"] == "memulation-config"]
    assert rule["host"] in config["data"]["ALLOWED_HOSTS"].split(",")


def test_the_compose_proxy_sends_the_sockets_to_live_and_the_rest_to_web():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    assert services["web"]["command"] == ["web"] and services["live"]["command"] == ["live"]
    assert "ports" not in services["web"] and "ports" not in services["live"]
    assert services["proxy"]["ports"] == ["127.0.0.1:8000:8000"]
    conf = (DEPLOY / "nginx.conf").read_text()
    upstreams = dict(re.findall(r"upstream (\w+) \{ server (\w+):8000;", conf))
    assert set(upstreams.values()) == {"web", "live"}
    locations = dict(re.findall(r"location (\S+) \{\s*proxy_pass http://(\w+);", conf))
    assert {path: upstreams[name] for path, name in locations.items()} == {
        "/ws/": "live",
        "/": "web",
    }
    assert "Upgrade $http_upgrade" in conf


def test_each_queue_has_a_scaled_worker_deployment_of_its_own():
    workers = {}
    for doc in of_kind("Deployment"):
        (container,) = containers(doc)
        if container["args"] == ["worker"]:
            workers[env_of(container)["CELERY_QUEUES"]] = doc
            assert "exec" in container["livenessProbe"]
    assert sorted(workers) == sorted(settings.CELERY_QUEUE_NAMES)
    scaled = {h["spec"]["scaleTargetRef"]["name"] for h in of_kind("HorizontalPodAutoscaler")}
    assert {d["metadata"]["name"] for d in workers.values()} <= scaled
    beat = [d for d in of_kind("Deployment") if containers(d)[0]["args"] == ["beat"]]
    assert [d["spec"]["replicas"] for d in beat] == [1]


def test_every_task_goes_to_a_declared_queue_and_exports_never_share_the_metrics_queue():
    app.loader.import_default_modules()
    ours = sorted(name for name in app.tasks if not name.startswith("celery."))
    assert {"metrics.session", "exports.build", "api.ping"} <= set(ours)
    router = app.amqp.Router()
    queues = {name: router.route({}, name)["queue"].name for name in ours}
    assert set(queues.values()) <= set(settings.CELERY_QUEUE_NAMES), queues
    assert queues["metrics.session"] == "metrics"
    assert queues["exports.build"] == "exports"
    assert queues["api.ping"] == "game"


def test_every_container_runs_a_role_of_the_entrypoint():
    script = (DEPLOY / "entrypoint").read_text()
    assert set(re.findall(r"^    (\w+)\)$", script, re.M)) == ROLES
    assert subprocess.run(["sh", "-n", str(DEPLOY / "entrypoint")]).returncode == 0
    for doc in manifests():
        if doc["kind"] in {"Deployment", "Job", "CronJob"}:
            for container in containers(doc):
                assert container["args"][0] in ROLES
                assert {"configMapRef": {"name": "memulation-config"}} in container["envFrom"]
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    for name, service in compose["services"].items():
        if "build" in service or service.get("image", "").startswith("memulation"):
            assert service["command"][0] in ROLES, name


def check_compose(path: Path) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.compose-spec"]
    return subprocess.run([*command, str(path)], capture_output=True, text=True, timeout=120)


def test_the_compose_file_follows_the_compose_specification(tmp_path):
    done = check_compose(DEPLOY / "compose.yaml")
    assert done.returncode == 0, done.stdout + done.stderr
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    assert {"web", "worker", "beat", "db", "redis"} <= set(compose["services"])
    for name in ("web", "live", "proxy", "worker", "db", "redis"):
        assert "healthcheck" in compose["services"][name], name
    broken = tmp_path / "compose.yaml"
    broken.write_text("services:\n  web:\n    ports: 8000\n    restart: sometimes\n")
    assert check_compose(broken).returncode != 0


def env_example() -> dict[str, str]:
    values, lines = {}, (DEPLOY / "env.example").read_text().splitlines()
    for before, line in itertools.pairwise(lines):
        if line and not line.startswith("#"):
            name, _, value = line.partition("=")
            assert before.startswith("#"), f"{name} has no comment line above it"
            values[name] = value
    return values


def test_each_documented_variable_is_read_somewhere():
    sources = "".join(
        path.read_text()
        for folder in ("config", "apps", "deploy")
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and path.suffix in {".py", ""} and "__pycache__" not in path.parts
    )
    for name in env_example():
        if not name.startswith("POSTGRES_"):  # read by the postgres image
            assert f'"{name}"' in sources or f"{name}:" in sources or "${" + name in sources, name


def test_the_documented_production_environment_passes_the_deploy_check(tmp_path):
    test_only = {"DJANGO_SETTINGS_MODULE", "SECURE_SSL_REDIRECT"}
    env = {k: v for k, v in os.environ.items() if k not in test_only}
    env.update(env_example())
    env.update(
        SECRET_KEY=secrets.token_urlsafe(50),
        METRICS_TOKEN=secrets.token_urlsafe(30),
        VAR_DIR=str(tmp_path),
        EXPORT_ROOT=str(tmp_path / "exports"),
    )
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr + done.stdout
    assert "no issues" in done.stdout


def test_what_the_image_copies_exists_and_is_sent_to_the_build():
    ignored = [
        line.strip()
        for line in (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert len(re.findall(r"^FROM ", dockerfile, re.M)) >= 3  # node, python build, runtime
    for line in re.findall(r"^COPY (?!--from)(.+)$", dockerfile, re.M):
        for source in line.split()[:-1]:
            assert (ROOT / source).exists(), source
            assert not any(source.rstrip("/").startswith(i.rstrip("/")) for i in ignored), source
