from django.core.management import call_command


def test_the_openapi_schema_generates_without_warnings(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert out.read_text().startswith("openapi: 3")


def test_interactive_docs_are_served(client, db):
    assert client.get("/api/docs/").status_code == 200
    assert client.get("/api/schema/").status_code == 200
