"""Schema-only shapes: how the OpenAPI schema describes the bodies the games app answers with.

They serialize nothing: the game runtime builds the bodies (``apps.games.runtime.views``) and
``tests/apps/games/test_view_schema.py`` checks every real body against them. The serializers
that parse requests are in ``apps.games.serializers``.
"""
