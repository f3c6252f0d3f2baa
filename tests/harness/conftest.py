"""The reliability harness prints its figures at the end of the run."""

from tests.harness import figures


def pytest_terminal_summary(terminalreporter):
    found = figures.lines()
    if found:
        terminalreporter.section("reliability harness")
        for line in found:
            terminalreporter.write_line(line)
