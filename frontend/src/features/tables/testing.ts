// Bodies and a fake server for the tables feature's tests.

import { vi } from "vitest";
import { memulationView, mendikotView } from "../../test/views";
import type { MemulationView, MendikotView } from "../play/types";
import type { TableBlock, TableBody } from "./types";

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
        session: 88,
        link: "http://testserver/play/seat-zero",
      },
      {
        seat: 1,
        kind: "clinician",
        label: "Clinician",
        joined: false,
        session: null,
        link: "http://testserver/play/seat-one",
      },
    ],
    watch: "/games/41/watch",
    ...over,
  };
}

type Handler = (body: unknown) => unknown;

/** ``fetch`` answering ``"METHOD /path"`` from ``routes`` (a thrown ``{status, body}`` is an
 * error answer); every call is kept in ``calls``. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    if (!handler) {
      return new Response(JSON.stringify({ error: { code: "not_found", message: path } }), {
        status: 404,
      });
    }
    try {
      return new Response(JSON.stringify(handler(body)), { status: method === "POST" ? 201 : 200 });
    } catch (refusal) {
      const { status, body: answer } = refusal as { status: number; body: unknown };
      return new Response(JSON.stringify(answer), { status });
    }
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, calls };
}
