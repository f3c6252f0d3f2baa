// Sending a player's moves: one at a time, each with its own event id, retried with the SAME
// event id while the connection is lost (the server answers a retried id with the answer it gave
// the first time and stores nothing new), so a move is never lost and never made twice.

import { ApiError, NetworkError } from "../api/client";
import { seatCalls } from "../api/play";
import type { SeatTarget } from "../api/play";
import { LiveSocket, liveTransport, liveUrl } from "./liveSocket";
import type { ActionBody, ExaminationBody, ProbeBody, SeatView } from "./types";
import { newKey } from "../api/keys";

export interface ClientFacts {
  event_id: string;
  decision_ms: number;
  client_time?: string;
  version?: number;
}

export type Connection = "ok" | "lost";

export interface Transport {
  get(): Promise<SeatView>;
  act(body: ActionBody & ClientFacts): Promise<SeatView>;
  examine(body: ExaminationBody & ClientFacts): Promise<SeatView>;
  /** Recall-probe answers (a transport without it cannot answer one). */
  probe?(body: ProbeBody & ClientFacts): Promise<SeatView>;
  /** The live table's socket, when the browser has one (see liveSocket.ts). */
  live?: LiveSocket;
}

/** The seat's calls over HTTP (api.ts), and its live socket when the browser has one. */
export function transportFor(target: SeatTarget): Transport {
  const http: Transport = seatCalls(target);
  if (typeof WebSocket === "undefined") return http;
  return liveTransport(http, new LiveSocket(liveUrl(target, window.location)));
}

/** A move's ``event_id``: a retried move carries the same one. */
export const newEventId = newKey;

export interface QueueOptions {
  onConnection?: (state: Connection) => void;
  /** Waits between retries, in ms; the last one repeats for as long as it takes. */
  retryDelays?: number[];
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Run ``attempt`` until it gets an answer; NetworkErrors are retried, anything else is final. */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  options: QueueOptions = {},
): Promise<T> {
  const delays = options.retryDelays ?? [500, 1000, 2000, 4000, 8000];
  const sleep = options.sleep ?? defaultSleep;
  let failures = 0;
  for (;;) {
    try {
      const result = await attempt();
      if (failures > 0) options.onConnection?.("ok");
      return result;
    } catch (error) {
      if (!(error instanceof NetworkError)) {
        if (failures > 0) options.onConnection?.("ok");
        throw error;
      }
      if (failures === 0) options.onConnection?.("lost");
      await sleep(delays[Math.min(failures, delays.length - 1)]);
      failures += 1;
    }
  }
}

export interface Sent {
  event_id: string;
  body: Record<string, unknown>;
}

export class ActionQueue {
  private tail: Promise<unknown> = Promise.resolve();
  /** Every request body sent (the last attempt of each), for tests and the debug panel. */
  readonly log: Sent[] = [];
  private readonly transport: Transport;
  private readonly options: QueueOptions;

  constructor(transport: Transport, options: QueueOptions = {}) {
    this.transport = transport;
    this.options = options;
  }

  act(action: ActionBody, decisionMs: number, version?: number): Promise<SeatView> {
    return this.enqueue(
      (facts) => this.transport.act({ ...action, ...facts }),
      decisionMs,
      version,
    );
  }

  examine(event: ExaminationBody, decisionMs: number): Promise<SeatView> {
    return this.enqueue((facts) => this.transport.examine({ ...event, ...facts }), decisionMs);
  }

  probe(answer: ProbeBody, decisionMs: number, version?: number): Promise<SeatView> {
    const send = this.transport.probe?.bind(this.transport);
    if (!send) return Promise.reject(new Error("This transport cannot answer a recall probe."));
    return this.enqueue((facts) => send({ ...answer, ...facts }), decisionMs, version);
  }

  private enqueue(
    send: (facts: ClientFacts) => Promise<SeatView>,
    decisionMs: number,
    version?: number,
  ): Promise<SeatView> {
    // The event id and the facts are fixed once, before the first attempt: every retry sends
    // exactly the same request.
    const facts: ClientFacts = {
      event_id: newEventId(),
      decision_ms: Math.max(0, Math.round(decisionMs)),
      client_time: (this.options.now?.() ?? new Date()).toISOString(),
    };
    if (version !== undefined) facts.version = version;
    const run = () =>
      withRetry(() => {
        const result = send(facts);
        return result;
      }, this.options).finally(() => {
        this.log.push({ event_id: facts.event_id, body: { ...facts } });
      });
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
