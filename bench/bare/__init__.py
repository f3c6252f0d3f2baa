"""A benchmark-only app: the bare endpoint ``bench/api.py`` compares the act endpoint with, and
a timer of the opponents' own thinking. Installed only by ``bench.bare.settings``, never by the
product."""
