// The spectator's view of a game, kept fresh: pushed over the spectator socket while it is up,
// asked for over HTTP every few seconds while it is not (and the game is still running).

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { withRetry } from "../../game/actionQueue";
import { LiveSocket } from "../../game/liveSocket";
import type { SeatView } from "../../game/types";
import { tablesApi, watchSocketUrl } from "../../api/tables";
import type { WatchView } from "../../game/tableTypes";

export interface WatchSource {
  get: () => Promise<WatchView>;
  /** The spectator socket; none where the browser has no WebSocket. */
  live?: LiveSocket;
}

export function watchSource(gameId: string): WatchSource {
  return {
    get: () => tablesApi.watch(gameId),
    live:
      typeof WebSocket === "undefined"
        ? undefined
        : new LiveSocket(watchSocketUrl(gameId, window.location)),
  };
}

export const WATCH_POLL_MS = 2000;

export function useWatch(source: WatchSource) {
  const [view, setView] = useState<WatchView | null>(null);
  const [fatal, setFatal] = useState<ApiError | null>(null);
  const [liveUp, setLiveUp] = useState(false);
  const version = useRef(-1);

  const accept = useCallback((next: WatchView) => {
    if (next.version < version.current) return; // an old answer overtaken by a push
    version.current = next.version;
    setView(next);
  }, []);

  const refresh = useCallback(
    () =>
      withRetry(source.get).then(accept, (error: unknown) => {
        if (error instanceof ApiError) setFatal(error);
      }),
    [source, accept],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    const live = source.live;
    if (!live) return;
    // The spectator socket sends the same "view" and "events" messages as a seat's.
    live.start((pushed: SeatView) => accept(pushed as unknown as WatchView), setLiveUp);
    return () => live.stop();
  }, [source, accept]);

  const running =
    view !== null &&
    (view.status === "waiting" || view.status === "active" || view.status === "paused");
  useEffect(() => {
    if (liveUp || !running) return;
    const timer = window.setTimeout(() => void refresh(), WATCH_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [liveUp, running, view, refresh]);

  return { view, fatal, liveUp };
}
