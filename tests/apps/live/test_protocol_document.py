"""The AsyncAPI document names every message of the live protocol, both ways, and is served."""

from pathlib import Path

import pytest
import yaml

from apps.games.services import EXAMINATION_EVENTS
from apps.live import protocol

DOCUMENT = Path(__file__).resolve().parents[3] / "docs" / "live-protocol.asyncapi.yaml"
SERVER_SENDS = {"view", "events", "answer", "error"}


def resolve(document: dict, ref: str):
    node = document
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


def refs(node):
    if isinstance(node, dict):
        if "$ref" in node:
            yield node["$ref"]
        for value in node.values():
            yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def test_the_document_is_asyncapi_3_and_every_reference_resolves():
    document = yaml.safe_load(DOCUMENT.read_text())
    assert document["asyncapi"].startswith("3.")
    for ref in refs(document):
        resolve(document, ref)


def test_every_message_both_ways_is_documented():
    document = yaml.safe_load(DOCUMENT.read_text())
    types = {
        message["payload"]["properties"]["type"]["const"]
        for message in document["components"]["messages"].values()
    }
    assert types == set(protocol.FIELDS) | SERVER_SENDS


def test_the_examination_events_are_those_the_api_takes():
    document = yaml.safe_load(DOCUMENT.read_text())
    examine = document["components"]["messages"]["examine"]["payload"]["properties"]["data"]
    assert tuple(examine["properties"]["type"]["enum"]) == EXAMINATION_EVENTS


@pytest.mark.django_db
def test_the_api_docs_link_the_served_document(api):
    served = api.get("/api/live-protocol.asyncapi.yaml")
    assert served.status_code == 200
    assert b"".join(served.streaming_content) == DOCUMENT.read_bytes()
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert "/api/live-protocol.asyncapi.yaml" in schema["info"]["description"]
