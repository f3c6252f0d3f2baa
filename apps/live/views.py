from pathlib import Path

from django.http import FileResponse

DOCUMENT = Path(__file__).resolve().parents[2] / "docs" / "live-protocol.asyncapi.yaml"


def live_protocol(request):
    """The AsyncAPI 3 document of the live protocol, linked from the API docs page."""
    return FileResponse(DOCUMENT.open("rb"), content_type="application/yaml")
