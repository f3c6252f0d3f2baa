// The live table's socket (docs/live-protocol.asyncapi.yaml): while it is up, the server pushes
// the seat's view after every change and moves go over it; when it drops, it reconnects with the
// last sequence number seen and gets the missed events replayed. While it is down, moves go over
// HTTP with the same event ids (the server applies an event id once, whichever way it came) and
// the game falls back to asking for its view.

import { t } from "@lingui/core/macro";
import { ApiError, NetworkError } from "../api/client";
import type { ErrorBody } from "../api/client";
import type { ClientFacts, Transport } from "./actionQueue";
import type { ActionBody, ExaminationBody, ProbeBody, SeatView } from "./types";

export type LiveTarget = { token: string } | { gameId: number | string };

export function liveUrl(target: LiveTarget, location: Pick<Location, "protocol" | "host">): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const path =
    "token" in target
      ? `/ws/play/${encodeURIComponent(target.token)}/`
      : `/ws/games/${encodeURIComponent(String(target.gameId))}/`;
  return `${scheme}://${location.host}${path}`;
}

/** A pushed view of the same version as the one shown carries no news of what just happened
 * (the answer to the move did): keep the shown one's ``recent``. */
export function mergePushed(current: SeatView | null, next: SeatView): SeatView {
  if (current && next.version === current.version && next.recent.length === 0) {
    return { ...next, recent: current.recent };
  }
  return next;
}

interface Waiting {
  resolve: (view: SeatView) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

type Incoming =
  | { type: "view"; view: SeatView }
  | { type: "events"; events: { seq: number }[] }
  | { type: "answer"; ref: string; status: number; body: SeatView | { error: ErrorBody } }
  | { type: "error"; ref: string | null; error: ErrorBody };

export interface LiveOptions {
  WebSocket?: typeof WebSocket;
  /** Waits before reconnecting, in ms; the last one repeats. */
  retryDelays?: number[];
  /** How long an answer may take before the move is sent again (the same event id). */
  answerTimeoutMs?: number;
}

export class LiveSocket {
  up = false;
  /** The last sequence number of the game's log this seat was sent. */
  since = -1;
  private socket: WebSocket | null = null;
  private waiting = new Map<string, Waiting>();
  private refs = 0;
  private failures = 0;
  private stopped = true;
  private reopen: ReturnType<typeof setTimeout> | null = null;
  private onView: (view: SeatView) => void = () => {};
  private onUp: (up: boolean) => void = () => {};
  private readonly url: string;
  private readonly options: LiveOptions;

  constructor(url: string, options: LiveOptions = {}) {
    this.url = url;
    this.options = options;
  }

  start(onView: (view: SeatView) => void, onUp: (up: boolean) => void): void {
    this.onView = onView;
    this.onUp = onUp;
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.reopen) clearTimeout(this.reopen);
    this.socket?.close();
    this.socket = null;
    this.setUp(false);
  }

  request(type: "act" | "examine" | "probe", data: object): Promise<SeatView> {
    const socket = this.socket;
    if (!this.up || !socket)
      return Promise.reject(new NetworkError(t`The live connection is down.`));
    this.refs += 1;
    const ref = `r${this.refs}`;
    return new Promise<SeatView>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(ref);
        reject(new NetworkError(t`No answer on the live connection.`));
      }, this.options.answerTimeoutMs ?? 10000);
      this.waiting.set(ref, { resolve, reject, timer });
      socket.send(JSON.stringify({ type, ref, data }));
    });
  }

  /** Tell the server this seat's person is here (a ``view`` message): a seat the computer took
   * over for silence comes back to them, and the view is pushed again. False while the socket
   * is down (reconnecting says the same by itself). */
  hello(): boolean {
    if (!this.up || !this.socket) return false;
    this.socket.send(JSON.stringify({ type: "view" }));
    return true;
  }

  private open(): void {
    const Impl = this.options.WebSocket ?? globalThis.WebSocket;
    const url = this.since >= 0 ? `${this.url}?since=${this.since}` : this.url;
    let socket: WebSocket;
    try {
      socket = new Impl(url);
    } catch {
      this.closed();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      this.setUp(true);
    };
    socket.onmessage = (event: MessageEvent) => {
      try {
        this.receive(JSON.parse(String(event.data)) as Incoming);
      } catch {
        // not a message of the protocol: ignore it
      }
    };
    socket.onclose = () => {
      if (this.socket === socket) this.closed();
    };
  }

  private closed(): void {
    this.socket = null;
    this.setUp(false);
    for (const [ref, waiting] of this.waiting) {
      clearTimeout(waiting.timer);
      waiting.reject(new NetworkError(t`The live connection dropped.`));
      this.waiting.delete(ref);
    }
    if (this.stopped) return;
    const delays = this.options.retryDelays ?? [1000, 2000, 5000, 10000];
    const delay = delays[Math.min(this.failures, delays.length - 1)];
    this.failures += 1;
    this.reopen = setTimeout(() => this.open(), delay);
  }

  private setUp(up: boolean): void {
    if (this.up === up) return;
    this.up = up;
    this.onUp(up);
  }

  private receive(message: Incoming): void {
    if (message.type === "view") {
      this.onView(message.view);
    } else if (message.type === "events") {
      const last = message.events[message.events.length - 1];
      if (last) this.since = Math.max(this.since, last.seq);
    } else if (message.type === "answer" || message.type === "error") {
      const waiting = message.ref === null ? undefined : this.waiting.get(message.ref);
      if (!waiting) return;
      this.waiting.delete(message.ref as string);
      clearTimeout(waiting.timer);
      if (message.type === "error") {
        waiting.reject(new ApiError(400, message.error));
      } else if (message.status < 300) {
        waiting.resolve(message.body as SeatView);
      } else {
        waiting.reject(new ApiError(message.status, (message.body as { error: ErrorBody }).error));
      }
    }
  }
}

/** ``http`` with moves sent over ``live`` while it is up. */
export function liveTransport(http: Transport, live: LiveSocket): Transport {
  return {
    get: () => http.get(),
    act: (body: ActionBody & ClientFacts) => (live.up ? live.request("act", body) : http.act(body)),
    examine: (body: ExaminationBody & ClientFacts) =>
      live.up ? live.request("examine", body) : http.examine(body),
    probe: (body: ProbeBody & ClientFacts) =>
      live.up ? live.request("probe", body) : http.probe!(body),
    live,
  };
}
