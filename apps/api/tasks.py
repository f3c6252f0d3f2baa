from celery import shared_task


@shared_task(name="api.ping")
def ping(value: str = "pong") -> str:
    """Echo: proves a worker is consuming from the broker."""
    return value
