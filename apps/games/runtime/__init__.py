"""The game runtime: everything that happens to one game under its row lock, one job a module.

From the top (a module imports only those below it; an import-linter contract checks it):

* ``transaction``: the one owner of a game's transaction (lock, run, write, commit, announce),
  and ``answer_once`` for a person's request that keeps its answer;
* ``receipts``: the answers kept for retried event ids, scoped to the seat that made them;
* ``views``: each seat's view and the spectators', rendered once a change;
* ``run``: :class:`~apps.games.runtime.run.GameRun`, one game at one moment: apply, record,
  the examination clocks, catching up with the clock, writing;
* ``turns`` (pace, turn timers, takeovers), ``probes`` (recall probes), ``presence`` (who is
  connected, kept in the cache);
* ``opponents`` (the computer opponents and what they remember);
* ``log`` (reading the log), ``seats`` (who sits where), ``examination`` (each person's
  examination clock);
* ``store`` (the few statements a request writes with).

Services (``apps.games.services``, ``apps.games.seating``, ``apps.games.practice``) are its only
callers; HTTP views and socket consumers call services.
"""
