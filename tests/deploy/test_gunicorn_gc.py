"""The web role's workers leave the loaded application out of the garbage collector's passes."""

import gc
import runpy
from pathlib import Path

CONF = Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"


def test_a_worker_freezes_what_it_loaded_and_collects_young_objects_less_often():
    conf = runpy.run_path(str(CONF))
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    gc.unfreeze()  # what the test process froze itself (tests/garbage.py) is not the worker's
    try:
        conf["post_worker_init"](worker=None)
        assert gc.get_freeze_count() > 1000
        assert gc.get_threshold()[0] == conf["GC_YOUNG"] == 10_000
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
        if frozen:
            gc.freeze()
