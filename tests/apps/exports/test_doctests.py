"""The examples in the exports modules' docstrings (the suite collects doctests only from the
engine's folder)."""

import doctest

import pytest

from apps.exports import pseudonyms, psychds, schema, writers


@pytest.mark.parametrize("module", [psychds, pseudonyms, schema, writers])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
