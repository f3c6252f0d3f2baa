"""An export asked for by a Spanish-speaking researcher stays English (codes, column names and
codebook.json), and carries the codebook's descriptions in every shipped language."""

import io
import json
import zipfile

import pytest
from rest_framework.test import APIClient

from tests.apps.exports.test_api import ask, download, study  # noqa: F401 (its fixture)

pytestmark = pytest.mark.django_db


def test_an_export_is_language_neutral_with_a_codebook_per_language(study, researcher):  # noqa: F811
    client = APIClient()
    client.force_login(researcher)
    client.patch("/api/me", {"language": "es"}, format="json")
    body = ask(client, study).json()
    assert body["status"] == "ready", body
    reply, data = download(APIClient(), body["download_url"])
    assert reply.status_code == 200
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = set(archive.namelist())
    assert {f"codebook.{code}.md" for code in ("es", "fr", "de", "ar")} <= names
    book = json.loads(archive.read("codebook.json"))
    assert book["title"] == "Memulation Lab research export: codebook"
    assert archive.read("csv/participants.csv").decode().startswith("participant_id,")
    english = archive.read("codebook.md").decode()
    spanish = archive.read("codebook.es.md").decode()
    arabic = archive.read("codebook.ar.md").decode()
    assert english.startswith("# Memulation Lab research export: codebook")
    assert spanish.startswith("# Exportación de investigación de Memulation Lab")
    assert "| `participant_id` | string |" in spanish  # names and types as they are
    assert "Identificador seudónimo de exportación del participante" in spanish
    assert "معرّف التصدير المستعار للمشارك" in arabic
    # Listed in the archive's checksums like every other file.
    assert "codebook.es.md" in archive.read("SHA256SUMS").decode()


@pytest.mark.parametrize("language", ["ar", "de", "es", "fr"])
def test_every_column_and_table_is_described_in_each_shipped_language(language):
    """The codebook in each language describes every column and table in that language (names,
    codes and formulas' names stay as they are)."""
    from django.utils import translation

    from apps.exports.codebook import translated
    from apps.exports.schema import TABLES

    with translation.override(language):
        english = [
            f"{table.name}.{column.name}"
            for table in TABLES.values()
            for column in table.columns
            if translated(column.description) == column.description
        ] + [
            name
            for name, table in TABLES.items()
            if translated(table.description) == table.description
        ]
    assert english == []
