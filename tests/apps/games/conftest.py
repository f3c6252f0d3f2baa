import pytest

from apps.common import clock


@pytest.fixture
def manual_clock():
    """The services' clock, standing still until the test moves it (``advance(seconds)``)."""
    with clock.installed(clock.ManualClock()) as installed:
        yield installed
