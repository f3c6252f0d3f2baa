"""The compiled solver core (``apps/games/engine/_solver.c``), built by ``pip install``.

Everything else about the package is in ``pyproject.toml``. The extension is optional: when it
cannot be compiled (no C compiler or Python headers) the install goes on without it and the
engine runs its pure-Python solver (see ``docs/solver.md``).
"""

import os

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "apps.games.engine._solver",
            ["apps/games/engine/_solver.c"],
            optional=True,
            extra_compile_args=[] if os.name == "nt" else ["-O3"],
        )
    ]
)
