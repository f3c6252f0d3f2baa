"""Requests sent at the same moment from real threads, each on its own database connection."""

import threading
from collections.abc import Callable

from django.db import connection


def at_once(send: Callable[[], object], copies: int) -> tuple[list, list]:
    """``copies`` threads wait for each other, then each calls ``send``: what they answered
    and what they raised (for the test to show)."""
    barrier = threading.Barrier(copies)
    answers: list = []
    errors: list = []

    def run() -> None:
        try:
            barrier.wait(timeout=30)
            answers.append(send())
        except Exception as exc:  # surfaced to the test
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(copies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return answers, errors
