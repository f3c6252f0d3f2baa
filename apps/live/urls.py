from django.urls import path

from apps.live.views import live_protocol

urlpatterns = [
    path("live-protocol.asyncapi.yaml", live_protocol, name="live-protocol"),
]
