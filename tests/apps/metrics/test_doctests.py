"""The examples in the metrics modules' docstrings."""

import doctest

import pytest

from apps.metrics import stats


@pytest.mark.parametrize("module", [stats])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
