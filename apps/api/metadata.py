"""Answers to ``OPTIONS``: DRF's description of a view, for views with or without a serializer."""

from __future__ import annotations

from rest_framework.metadata import SimpleMetadata


class Metadata(SimpleMetadata):
    """DRF's ``SimpleMetadata``, except that a view whose ``POST``/``PUT`` takes no body (no
    serializer, such as a session's ``start``) is described without its fields instead of
    failing on the serializer it does not have."""

    def determine_actions(self, request, view):
        try:
            view.get_serializer_class()
        except AssertionError:  # GenericAPIView's way of saying "no serializer_class"
            return {}
        return super().determine_actions(request, view)
