from django.urls import path

from apps.live.consumers import TableConsumer
from apps.live.watch import WatchConsumer

websocket_urlpatterns = [
    path("ws/play/<str:token>/", TableConsumer.as_asgi(), name="live-play"),
    path("ws/games/<int:game_id>/", TableConsumer.as_asgi(), name="live-game"),
    path("ws/games/<int:game_id>/watch/", WatchConsumer.as_asgi(), name="live-watch"),
]
