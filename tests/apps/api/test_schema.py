import pytest
from django.core.management import call_command

from apps.api.schema import SchemaView


def test_the_openapi_schema_generates_without_warnings(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert out.read_text().startswith("openapi: 3")


def test_interactive_docs_are_served(client, db):
    assert client.get("/api/docs/").status_code == 200
    assert client.get("/api/schema/").status_code == 200


@pytest.mark.parametrize(
    ("language", "accept"), [("en", "application/json"), ("ar", "application/vnd.oai.openapi")]
)
def test_the_kept_schema_is_the_one_written_afresh(client, db, language, accept):
    """A process writes the schema once per language and format: what it serves later is
    byte for byte what it would write again (headers too), and each language keeps its own."""
    SchemaView.written.clear()
    headers = {"HTTP_ACCEPT": accept, "HTTP_ACCEPT_LANGUAGE": language}
    first = client.get("/api/schema/", **headers)
    assert (language, accept) in SchemaView.written
    kept = client.get("/api/schema/", **headers)
    SchemaView.written.clear()
    fresh = client.get("/api/schema/", **headers)
    assert first.status_code == kept.status_code == fresh.status_code == 200
    assert kept.content == fresh.content == first.content
    for header in ("Content-Type", "Content-Disposition", "Content-Language"):
        assert kept.get(header) == fresh.get(header), header
    english = client.get("/api/schema/", HTTP_ACCEPT=accept, HTTP_ACCEPT_LANGUAGE="en")
    assert (english.content == kept.content) == (language == "en")
