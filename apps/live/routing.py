from django.urls import path

from apps.live.consumers import NoSuchSocket, TableConsumer
from apps.live.watch import WatchConsumer

websocket_urlpatterns = [
    path("ws/play/<str:token>/", TableConsumer.as_asgi(), name="live-play"),
    path("ws/games/<int:game_id>/", TableConsumer.as_asgi(), name="live-game"),
    path("ws/games/<int:game_id>/watch/", WatchConsumer.as_asgi(), name="live-watch"),
    # Any other socket path (an unknown one, a link missing its token): the handshake is refused.
    path("ws/<path:rest>", NoSuchSocket.as_asgi(), name="live-none"),
]
