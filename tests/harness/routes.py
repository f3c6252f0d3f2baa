"""Every route of the URL configuration, with the HTTP methods its view answers."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, get_resolver


def _methods(callback) -> tuple[str, ...]:
    view = getattr(callback, "view_class", None) or getattr(callback, "cls", None)
    if view is None:  # a function view: it names its methods in its decorator, if at all
        allowed = getattr(callback, "allowed_methods", None)
        return tuple(sorted(m for m in allowed or ("GET",) if m not in ("HEAD", "OPTIONS")))
    names = [m for m in view.http_method_names if m not in ("head", "options")]
    return tuple(m.upper() for m in names if hasattr(view, m))


def url_routes(patterns=None, prefix: str = "") -> list[tuple[str, str]]:
    """``(route, method)`` for every route: ``route`` is the pattern as written in the URL conf,
    prefixes joined (``api/studies/<int:pk>/``)."""
    found = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            found += url_routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            found += [(route, method) for method in _methods(entry.callback)]
    return found
