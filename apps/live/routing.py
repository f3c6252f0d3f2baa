from django.urls import path

from apps.live.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/play/<str:token>/", TableConsumer.as_asgi(), name="live-play"),
    path("ws/games/<int:game_id>/", TableConsumer.as_asgi(), name="live-game"),
]
