import { describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../api/client";
import { ActionQueue, newEventId, withRetry } from "./actionQueue";
import type { Transport } from "./actionQueue";
import type { SeatView } from "./types";

const view = (version: number) => ({ version }) as unknown as SeatView;
const noSleep = () => Promise.resolve();

function transport(overrides: Partial<Transport> = {}): Transport {
  return {
    get: vi.fn(async () => view(1)),
    act: vi.fn(async () => view(2)),
    examine: vi.fn(async () => view(2)),
    ...overrides,
  };
}

describe("event ids", () => {
  it("are fresh for every action", () => {
    const ids = new Set(Array.from({ length: 50 }, newEventId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the action queue", () => {
  it("sends the move with an event id, the decision time and the view's version", async () => {
    const t = transport();
    const queue = new ActionQueue(t, { sleep: noSleep });
    await queue.act({ type: "play", card: "7H" }, 1234.6, 17);
    const body = vi.mocked(t.act).mock.calls[0][0];
    expect(body).toMatchObject({ type: "play", card: "7H", decision_ms: 1235, version: 17 });
    expect(body.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.client_time).toBeTruthy();
  });

  it("retries a lost request with the SAME event id until it gets through", async () => {
    const bodies: Record<string, unknown>[] = [];
    let calls = 0;
    const t = transport({
      act: vi.fn<Transport["act"]>(async (body) => {
        bodies.push({ ...body });
        calls += 1;
        if (calls < 3) throw new NetworkError();
        return view(5);
      }),
    });
    const states: string[] = [];
    const queue = new ActionQueue(t, { sleep: noSleep, onConnection: (s) => states.push(s) });
    const answer = await queue.act({ type: "play", card: "2C" }, 10, 4);
    expect(answer.version).toBe(5);
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies.map((b) => b.event_id)).size).toBe(1);
    expect(bodies[0]).toEqual(bodies[2]);
    expect(states).toEqual(["lost", "ok"]);
  });

  it("does not retry a refusal: it is the answer", async () => {
    const refusal = new ApiError(400, { code: "must_follow_suit", message: "follow suit" });
    const t = transport({ act: vi.fn(async () => Promise.reject(refusal)) });
    const queue = new ActionQueue(t, { sleep: noSleep });
    await expect(queue.act({ type: "play", card: "2C" }, 1)).rejects.toBe(refusal);
    expect(t.act).toHaveBeenCalledTimes(1);
  });

  it("gives each new action its own event id", async () => {
    const t = transport();
    const queue = new ActionQueue(t, { sleep: noSleep });
    await queue.act({ type: "play", card: "2C" }, 1);
    await queue.act({ type: "play", card: "3C" }, 1);
    const [a, b] = vi.mocked(t.act).mock.calls.map((c) => c[0].event_id);
    expect(a).not.toBe(b);
  });

  it("sends one request at a time, in order", async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const t = transport({
      act: vi.fn<Transport["act"]>(async (body) => {
        order.push(`start ${String(body.card)}`);
        if (body.card === "2C") await new Promise<void>((r) => (release = r));
        order.push(`end ${String(body.card)}`);
        return view(1);
      }),
    });
    const queue = new ActionQueue(t, { sleep: noSleep });
    const first = queue.act({ type: "play", card: "2C" }, 1);
    const second = queue.act({ type: "play", card: "3C" }, 1);
    await Promise.resolve();
    await Promise.resolve();
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["start 2C", "end 2C", "start 3C", "end 3C"]);
  });

  it("examination events carry no version", async () => {
    const t = transport();
    const queue = new ActionQueue(t, { sleep: noSleep });
    await queue.examine({ type: "sort", cards: ["2C", "3C"] }, 50);
    const body = vi.mocked(t.examine).mock.calls[0][0];
    expect(body).toMatchObject({ type: "sort", cards: ["2C", "3C"], decision_ms: 50 });
    expect(body.version).toBeUndefined();
  });
});

describe("withRetry", () => {
  it("waits longer after each failure, up to the last delay", async () => {
    const waits: number[] = [];
    let n = 0;
    await withRetry(
      async () => {
        n += 1;
        if (n < 5) throw new NetworkError();
        return "ok";
      },
      { retryDelays: [10, 20, 40], sleep: async (ms) => void waits.push(ms) },
    );
    expect(waits).toEqual([10, 20, 40, 40]);
  });
});
