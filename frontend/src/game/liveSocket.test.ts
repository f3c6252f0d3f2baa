// The messages speak English, the source language (the test render module activates it).
import "../test/render";
import { describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../api/client";
import type { Transport } from "./actionQueue";
import { LiveSocket, liveTransport, liveUrl, mergePushed } from "./liveSocket";
import type { SeatView } from "./types";

class FakeSocket {
  static made: FakeSocket[] = [];
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.onclose?.();
  }
  // the server's side
  open() {
    this.onopen?.();
  }
  push(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const view = (version: number, recent: unknown[] = []) =>
  ({ version, recent, status: "active" }) as unknown as SeatView;

function started(options = {}) {
  FakeSocket.made = [];
  const live = new LiveSocket("ws://host/ws/play/t/", {
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    retryDelays: [5],
    ...options,
  });
  const views: SeatView[] = [];
  const ups: boolean[] = [];
  live.start(
    (v) => views.push(v),
    (up) => ups.push(up),
  );
  const socket = FakeSocket.made[0];
  socket.open();
  return { live, views, ups, socket };
}

describe("liveUrl", () => {
  it("names the link's or the game's socket on the page's own host", () => {
    expect(liveUrl({ token: "a:b" }, { protocol: "https:", host: "lab.org" })).toBe(
      "wss://lab.org/ws/play/a%3Ab/",
    );
    expect(liveUrl({ gameId: 7 }, { protocol: "http:", host: "localhost:8000" })).toBe(
      "ws://localhost:8000/ws/games/7/",
    );
  });
});

describe("LiveSocket", () => {
  it("hands pushed views on and answers each move by its ref", async () => {
    const { live, views, ups, socket } = started();
    expect(ups).toEqual([true]);
    socket.push({ type: "view", view: view(3) });
    expect(views.map((v) => v.version)).toEqual([3]);
    const answered = live.request("act", { type: "play", card: "7H", event_id: "e1" });
    const sent = socket.sent[0] as { type: string; ref: string; data: object };
    expect(sent).toMatchObject({ type: "act", data: { card: "7H", event_id: "e1" } });
    socket.push({ type: "answer", ref: sent.ref, status: 200, body: view(5) });
    expect((await answered).version).toBe(5);
  });

  it("turns a refusal into the ApiError the HTTP path would give", async () => {
    const { live, socket } = started();
    const answered = live.request("act", { type: "play", card: "7H" });
    const ref = (socket.sent[0] as { ref: string }).ref;
    socket.push({
      type: "answer",
      ref,
      status: 409,
      body: { error: { code: "not_your_turn", message: "wait", details: null } },
    });
    await expect(answered).rejects.toMatchObject({ status: 409, code: "not_your_turn" });
    await expect(answered).rejects.toBeInstanceOf(ApiError);
  });

  it("on a drop, fails the moves in flight as network errors and resumes after the last event", async () => {
    const { live, ups, socket } = started();
    socket.push({ type: "events", events: [{ seq: 10 }, { seq: 11 }] });
    const answered = live.request("examine", { type: "ready" });
    socket.close();
    await expect(answered).rejects.toBeInstanceOf(NetworkError);
    expect(ups).toEqual([true, false]);
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2));
    expect(FakeSocket.made[1].url).toBe("ws://host/ws/play/t/?since=11");
    live.stop();
  });

  it("gives up waiting for a lost answer, so the move is sent again", async () => {
    const { live } = started({ answerTimeoutMs: 5 });
    await expect(live.request("act", { type: "ask_trump" })).rejects.toBeInstanceOf(NetworkError);
  });
});

describe("liveTransport", () => {
  it("sends over the socket while it is up and over HTTP while it is down", async () => {
    const http: Transport = {
      get: vi.fn(async () => view(1)),
      act: vi.fn(async () => view(2)),
      examine: vi.fn(async () => view(2)),
    };
    const { live, socket } = started();
    const transport = liveTransport(http, live);
    const body = { type: "play" as const, card: "7H", event_id: "same", decision_ms: 5 };
    const overSocket = transport.act(body);
    const ref = (socket.sent[0] as { ref: string }).ref;
    socket.push({ type: "answer", ref, status: 200, body: view(2) });
    await overSocket;
    expect(http.act).not.toHaveBeenCalled();
    live.stop();
    await transport.act(body);
    expect(http.act).toHaveBeenCalledWith(body);
  });
});

describe("mergePushed", () => {
  it("keeps what just happened when a push of the same version carries none", () => {
    const shown = view(4, [{ type: "card_played" }]);
    expect(mergePushed(shown, view(4)).recent).toEqual(shown.recent);
    expect(mergePushed(shown, view(5)).recent).toEqual([]);
  });
});
