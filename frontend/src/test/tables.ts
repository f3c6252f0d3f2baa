// Bodies and a fake server for the tests of the tables and the waiting room.

import { vi } from "vitest";
import { ApiError } from "../api/client";
import { jsonAnswer, type Call } from "./answers";
import { memulationView, mendikotView } from "./views";
import type { MemulationView, MendikotView } from "../game/types";
import type { TableBlock, TableBody } from "../game/tableTypes";

export const twoPeople: TableBlock = {
  seats: [
    { seat: 0, kind: "participant", label: "P012", joined: true },
    { seat: 1, kind: "participant", label: "P015", joined: false },
  ],
  you: 0,
};

export function tableMemulation(
  table: TableBlock = twoPeople,
  state: Partial<MemulationView["state"]> = {},
  top: Partial<MemulationView> = {},
): MemulationView & { table: TableBlock } {
  const seats = table.seats.map((s) => ({ seat: s.seat, kind: s.kind, bot: null }));
  return { ...memulationView(state, { seats, seat: table.you ?? 0, ...top }), table };
}

export function tableMendikot(
  table: TableBlock,
  state: Partial<MendikotView["state"]> = {},
  top: Partial<MendikotView> = {},
): MendikotView & { table: TableBlock } {
  const seats = table.seats.map((s) => ({ seat: s.seat, kind: s.kind, bot: null }));
  return { ...mendikotView(state, { seats, seat: table.you ?? 0, ...top }), table };
}

export function tableBody(over: Partial<TableBody> = {}): TableBody {
  return {
    game: 41,
    game_type: "memulation",
    status: "waiting",
    seats: [
      {
        seat: 0,
        kind: "participant",
        label: "P012",
        joined: true,
        taken_over_by: null,
        code: "KX4M7P",
        session: 88,
        link: "http://testserver/play/seat-zero",
      },
      {
        seat: 1,
        kind: "clinician",
        label: "Clinician",
        joined: false,
        taken_over_by: null,
        code: "7HQ3RT",
        session: null,
        link: "http://testserver/play/seat-one",
      },
    ],
    watch: "/games/41/watch",
    ...over,
  };
}

type Handler = (body: unknown) => unknown;

/** ``fetch`` answering ``"METHOD /path"`` from ``routes`` (a thrown ``ApiError`` is an error
 * answer, in the platform's error shape); every call is kept in ``calls``. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const answer = (method: string, path: string, body: unknown): Response => {
    const handler = routes[`${method} ${path}`];
    if (!handler) return jsonAnswer({ error: { code: "not_found", message: path } }, 404);
    try {
      return jsonAnswer(handler(body), method === "POST" ? 201 : 200);
    } catch (refusal) {
      if (!(refusal instanceof ApiError)) throw refusal;
      const { status, code, message, details } = refusal;
      return jsonAnswer({ error: { code, message, details } }, status);
    }
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // ``api`` calls with a path and options; the typed client with a Request of a full URL.
    const request = input instanceof Request ? input : null;
    const method = request?.method ?? init?.method ?? "GET";
    const url = request?.url ?? (input instanceof URL ? input.href : (input as string));
    const path = url.replace(/^https?:\/\/[^/]+/, "");
    const text = request ? await request.text() : init?.body;
    const body: unknown = typeof text === "string" && text ? JSON.parse(text) : undefined;
    calls.push({ method, path, body });
    return answer(method, path, body);
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, calls };
}
