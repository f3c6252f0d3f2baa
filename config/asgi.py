"""The ASGI application: HTTP (Django) and the live tables' sockets (Channels), one process.

Served by uvicorn (``deploy/run-local``): ``uvicorn config.asgi:application``. Sockets are
admitted only from an allowed origin (``ALLOWED_HOSTS``), with a session or a game link.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
http = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402 (after Django is set up)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import re_path  # noqa: E402

from apps.live.consumers import NoSuchSocket  # noqa: E402
from apps.live.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": http,
        "websocket": AllowedHostsOriginValidator(
            # A socket outside /ws/ (only the embedded server sees one) is refused the same way.
            AuthMiddlewareStack(
                URLRouter([*websocket_urlpatterns, re_path(r"", NoSuchSocket.as_asgi())])
            )
        ),
    }
)
