"""A real task round-trips through a real Celery worker on Redis."""

from apps.api.tasks import ping


def test_a_task_round_trips_through_a_worker(celery_worker):
    result = ping.apply_async(args=["hello"], queue=celery_worker)
    assert result.get(timeout=60) == "hello"
