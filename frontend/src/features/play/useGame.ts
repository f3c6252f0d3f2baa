// The live game on one device: load the seat's view, keep it fresh (the server moves the
// examination clock and the opponents only when asked), send moves through the action queue,
// report page visibility during an examination, and survive a lost connection.

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { ActionQueue, withRetry } from "../../game/actionQueue";
import type { Connection, Transport } from "../../game/actionQueue";
import { refusalMessage } from "../../game/errors";
import { mergePushed } from "../../game/liveSocket";
import type { RefusalContext } from "../../game/errors";
import type { ActionBody, ExaminationBody, ProbeBody, SeatView } from "../../game/types";

export interface Refusal {
  code: string;
  message: string;
  /** The server's own wording, kept for staff and the log. */
  serverMessage: string;
  at: number;
}

const LINK_CODES = new Set(["link_invalid", "link_expired", "not_found", "not_authenticated"]);

/** The game's link no longer works: it leads to no game (not a refused move, not an outage). */
export function linkDead(error: ApiError | null): boolean {
  return !!error && LINK_CODES.has(error.code);
}

/** How long to wait before asking the server again. Null: no need to ask. */
export function pollDelay(view: SeatView | null, connection: Connection): number | null {
  if (view?.status === "waiting") return 2000; // a table's waiting room: who has joined
  if (view?.status === "paused") return 3000; // until the clinician resumes the table
  if (!view || view.status !== "active") return null;
  if (connection === "lost") return null; // the retry loop is already asking
  if (view.probe) return null; // the game waits for this device's answer
  const state = view.state;
  if (state.phase === "examination") {
    const clock = view.examination;
    if (!clock) return 1000;
    if (clock.waiting) return 3000; // nothing runs until this device starts the clock
    if (!state.examination?.cards) return 700; // time is up: waiting for the next hand
    // The server keeps a hand in the view for a short grace after its time is up and moves on
    // at the first request after that; ask just past it.
    return Math.max(300, clock.seconds_left * 1000 + 2100);
  }
  // The server moves by itself at a time it names (an opponent's pace, a turn timer): ask just
  // after it, and no later than the usual second and a half while others play.
  const due = view.turn?.next_due_in_seconds;
  const mine = state.to_act.includes(view.seat);
  if (due !== null && due !== undefined) {
    return Math.max(300, Math.min(due * 1000 + 150, mine ? Number.POSITIVE_INFINITY : 1500));
  }
  if (!mine) return 1500;
  return null;
}

export interface GameConnection {
  view: SeatView | null;
  connection: Connection;
  pending: boolean;
  refusal: Refusal | null;
  fatal: ApiError | null;
  /** When the current examination hand was received (performance.now()). */
  act: (action: ActionBody, decisionMs: number, context?: RefusalContext) => Promise<boolean>;
  examine: (event: ExaminationBody, decisionMs: number) => Promise<boolean>;
  answerProbe: (answer: ProbeBody, decisionMs: number) => Promise<boolean>;
  refresh: () => Promise<void>;
  /** Say this seat's person is here again (a seat taken over for silence comes back); null
   * while it cannot be said on its own (no live connection: the next move says it). */
  comeBack: (() => void) | null;
  clearRefusal: () => void;
  queue: ActionQueue;
}

export function useGame(transport: Transport): GameConnection {
  const [view, setView] = useState<SeatView | null>(null);
  const [connection, setConnection] = useState<Connection>("ok");
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [fatal, setFatal] = useState<ApiError | null>(null);
  const version = useRef(-1);
  const refreshing = useRef(false);

  const queue = useMemo(
    () => new ActionQueue(transport, { onConnection: setConnection }),
    [transport],
  );

  const accept = useCallback((next: SeatView) => {
    // A poll that set out before a move may come back after it: never go back in time.
    if (next.version < version.current) return;
    version.current = next.version;
    setView(next);
  }, []);

  const refresh = useCallback(async () => {
    if (refreshing.current) return;
    refreshing.current = true;
    try {
      accept(await withRetry(() => transport.get(), { onConnection: setConnection }));
    } catch (error) {
      if (error instanceof ApiError) setFatal(error);
    } finally {
      refreshing.current = false;
    }
  }, [transport, accept]);

  useEffect(() => {
    // Loading the view is the effect's job (it sets the connection state as it goes).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh();
  }, [refresh]);

  // While the live socket is up the server pushes every change; without it, ask.
  const current = useRef<SeatView | null>(null);
  useEffect(() => {
    current.current = view;
  }, [view]);
  const [liveUp, setLiveUp] = useState(false);
  useEffect(() => {
    const live = transport.live;
    if (!live) return;
    live.start((next) => accept(mergePushed(current.current, next)), setLiveUp);
    return () => live.stop();
  }, [transport, accept]);

  // Keep the view fresh while the clock or the opponents are due to move things on.
  const delay = liveUp ? null : pollDelay(view, connection);
  useEffect(() => {
    if (delay === null) return;
    const timer = window.setTimeout(() => void refresh(), delay);
    return () => window.clearTimeout(timer);
  }, [delay, view, refresh]);

  // Back online (or the tab shown again): look at the table at once.
  useEffect(() => {
    const again = () => void refresh();
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  }, [refresh]);

  const handleError = useCallback(
    (error: unknown, context: RefusalContext = {}) => {
      if (!(error instanceof ApiError)) throw error;
      if (LINK_CODES.has(error.code)) {
        setFatal(error);
        return;
      }
      setRefusal({
        code: error.code,
        message: refusalMessage(error.code, context),
        serverMessage: error.message,
        at: Date.now(),
      });
      // A refused move is itself logged (illegal attempts are research data), so the game's
      // version has moved on: fetch the view again before the next move.
      void refresh();
    },
    [refresh],
  );

  const act = useCallback(
    async (action: ActionBody, decisionMs: number, context?: RefusalContext) => {
      setPending(true);
      setRefusal(null);
      try {
        accept(
          await queue.act(action, decisionMs, version.current >= 0 ? version.current : undefined),
        );
        return true;
      } catch (error) {
        handleError(error, context);
        return false;
      } finally {
        setPending(false);
      }
    },
    [queue, accept, handleError],
  );

  const examine = useCallback(
    async (event: ExaminationBody, decisionMs: number) => {
      const quiet = event.type === "page_hidden" || event.type === "page_visible";
      if (!quiet) setPending(true);
      try {
        accept(await queue.examine(event, decisionMs));
        return true;
      } catch (error) {
        if (!quiet) handleError(error);
        return false;
      } finally {
        if (!quiet) setPending(false);
      }
    },
    [queue, accept, handleError],
  );

  const answerProbe = useCallback(
    async (answer: ProbeBody, decisionMs: number) => {
      setPending(true);
      setRefusal(null);
      try {
        accept(
          await queue.probe(answer, decisionMs, version.current >= 0 ? version.current : undefined),
        );
        return true;
      } catch (error) {
        handleError(error);
        return false;
      } finally {
        setPending(false);
      }
    },
    [queue, accept, handleError],
  );

  // Page visibility during an examination is research data: report every change.
  const examining = view?.state.phase === "examination" && view.status === "active";
  const shownAt = useRef(0); // set when each hand is shown (the effect below)
  const clockKey = view?.examination
    ? `${view.examination.round}-${view.examination.deal}-${view.examination.hand}`
    : null;
  useEffect(() => {
    shownAt.current = performance.now();
  }, [clockKey]);
  useEffect(() => {
    if (!examining) return;
    const onChange = () => {
      const type = document.visibilityState === "hidden" ? "page_hidden" : "page_visible";
      void examine({ type }, performance.now() - shownAt.current);
      if (type === "page_visible") void refresh();
    };
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, [examining, examine, refresh]);

  const clearRefusal = useCallback(() => setRefusal(null), []);
  const live = transport.live;
  const comeBack = useMemo(() => (liveUp && live ? () => void live.hello() : null), [liveUp, live]);

  return {
    view,
    connection,
    pending,
    refusal,
    fatal,
    act,
    examine,
    answerProbe,
    refresh,
    comeBack,
    clearRefusal,
    queue,
  };
}

/** performance.now() when the current decision was put in front of the player. ``key`` names
 * the decision (null while nothing is asked, e.g. while a trick is on show). */
export function useDecisionClock(key: string | null): () => number {
  // Decision times are research data: the clock starts in the render that first puts the
  // decision in front of the player, so the ref is read and set while rendering, on purpose.
  /* eslint-disable react-hooks/refs, react-hooks/purity -- a clock started at render, see above */
  const started = useRef<{ key: string | null; at: number }>({ key: null, at: performance.now() });
  if (started.current.key !== key) {
    started.current = { key, at: performance.now() };
  }
  /* eslint-enable react-hooks/refs, react-hooks/purity */
  return useCallback(() => performance.now() - started.current.at, []);
}
