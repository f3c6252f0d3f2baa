"""The game's own names in the translations: German gives the Pritticut one gender, the
card's ("die Pritticut": die Karte), on the server and in the browser alike."""

from __future__ import annotations

import re
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[2]
GERMAN = [
    ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po",
    *sorted((ROOT / "frontend" / "src" / "locales" / "de").glob("*.po")),
]
# An article or adjective before "Pritticut" that only a masculine or neuter noun takes
# ("dem gewählten Pritticut", "kein Pritticut", "der neue Pritticut").
NOT_FEMININE = re.compile(
    r"\b(?:dem|den|des|ein|einen|einem|eines|kein|keinen|keinem|keines)\s+(?:\w+\s+)?Pritticut\b"
    r"|\bder\s+neue\s+Pritticut\b",
)


def _translations(path: Path) -> list[str]:
    return [
        text
        for entry in polib.pofile(str(path))
        if not entry.obsolete
        for text in [entry.msgstr, *entry.msgstr_plural.values()]
        if "Pritticut" in text
    ]


def test_the_pritticut_is_feminine_in_every_german_catalogue():
    found = {path.name: _translations(path) for path in GERMAN}
    assert sum(map(len, found.values())) > 10  # the catalogues name it
    assert any("die Pritticut" in text for texts in found.values() for text in texts)
    other = [
        f"{name}: {text}"
        for name, texts in found.items()
        for text in texts
        if NOT_FEMININE.search(text)
    ]
    assert other == []
