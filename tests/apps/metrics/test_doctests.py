"""The examples in the metrics modules' docstrings."""

import doctest

import pytest

from apps.metrics import probes, stats


@pytest.mark.parametrize("module", [stats, probes])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
