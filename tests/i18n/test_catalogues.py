"""The translation catalogues: every shipped language complete, none of it fuzzy, the compiled
catalogues the server reads up to date with them, and no server string a person reads left out
of them."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

from apps.common.refusals import RULES_MESSAGES, rules_message
from apps.games.engine.errors import RulesError
from tests.i18n.unmarked import unmarked

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def _catalogue(language: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))


def test_the_arabic_catalogue_isolates_the_name_stragedy_left_to_right():
    """As the front end's Arabic catalogues do: the name's apostrophe, a neutral, would
    otherwise take the Arabic line's direction and stand after it ("Stragedy'"). U+2066
    (left-to-right isolate) ... U+2069 (its end)."""
    loose = re.compile("(?<!\u2066)'Stragedy|'Stragedy(?!\u2069)")
    po = _catalogue("ar")
    written = [text for e in po for text in (e.msgstr, *e.msgstr_plural.values())]
    assert sum("'Stragedy" in text for text in written) > 10
    assert [text for text in written if loose.search(text)] == []


@pytest.mark.parametrize("language", SHIPPED)
def test_a_shipped_language_is_translated_completely(language):
    po = _catalogue(language)
    assert len(po) > 100  # the catalogue is the project's, not an empty one
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert not untranslated, f"{language}: untranslated: {untranslated[:5]}"
    assert not fuzzy, f"{language}: fuzzy: {fuzzy[:5]}"
    assert not po.metadata_is_fuzzy and po.metadata["Language"] == language


@pytest.mark.parametrize("language", SHIPPED)
def test_the_compiled_catalogue_is_the_catalogue(language):
    """The .mo the server reads holds every translation of the .po, as it is (`make messages`
    compiles them)."""
    po = _catalogue(language)
    mo = polib.mofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.mo"))
    compiled = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in mo}
    stale = [
        e.msgid
        for e in po
        if not e.obsolete
        and compiled.get((e.msgctxt, e.msgid))
        != (e.msgstr, {int(k): v for k, v in e.msgstr_plural.items()} if e.msgid_plural else {})
    ]
    assert not stale, f"{language}: run `make messages`; stale: {stale[:5]}"


def test_no_message_a_person_reads_is_left_unmarked():
    """Every refusal's message, every message of the error shape and of the live sockets, is
    wrapped in gettext where it is written (tests/i18n/unmarked.py finds them)."""
    assert unmarked() == []


@pytest.mark.parametrize("language", SHIPPED)
def test_every_rules_refusal_reads_in_the_language(language):
    """The engine speaks English; a refusal's code has its message in every language."""
    with translation.override(language):
        for code in RULES_MESSAGES:
            message = rules_message(RulesError(code, "the engine's words"))
            assert message not in (RULES_MESSAGES[code], "the engine's words"), (language, code)


def test_no_translation_adds_a_sign_the_code_already_gives_a_p():
    """``p_figure`` writes "= 0.17" or "< 0.001": a message that put "=" before it read
    "p = = 0,17"."""
    import re

    doubled = [
        (language, entry.msgid)
        for language in SHIPPED
        for entry in polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
        for text in (entry.msgstr, *entry.msgstr_plural.values())
        if re.search(r"[=<]\s*%\(p\)s", text)
    ]
    assert doubled == []
