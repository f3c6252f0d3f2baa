from django.db import models


class Counter(models.Model):
    """The one row a bare request locks and updates (one per simulated device)."""

    value = models.IntegerField(default=0)


class Entry(models.Model):
    """The one row a bare request inserts."""

    counter = models.ForeignKey(Counter, on_delete=models.CASCADE)
    value = models.IntegerField()
    payload = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)
