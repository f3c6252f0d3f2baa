from django.db import transaction
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from bench.bare.models import Counter, Entry


class BareView(APIView):
    """The least a DRF write can do: lock and update one row, insert one, answer JSON."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    def post(self, request, counter_id: int):
        with transaction.atomic():
            counter = Counter.objects.select_for_update().get(pk=counter_id)
            counter.value += 1
            counter.save(update_fields=["value"])
            Entry.objects.create(counter=counter, value=counter.value, payload=request.data)
        return Response({"value": counter.value})
