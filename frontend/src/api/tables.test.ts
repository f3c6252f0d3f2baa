import { afterEach, describe, expect, it, vi } from "vitest";
import { tablesApi, watchSocketUrl } from "./tables";
import { fakeServer, tableMemulation } from "../test/tables";

afterEach(() => vi.unstubAllGlobals());

describe("the tables API from the browser", () => {
  it("watches over the spectator socket of the page's own origin", () => {
    expect(watchSocketUrl(41, { protocol: "https:", host: "lab.example.org" })).toBe(
      "wss://lab.example.org/ws/games/41/watch/",
    );
    expect(watchSocketUrl("7", { protocol: "http:", host: "127.0.0.1:8000" })).toBe(
      "ws://127.0.0.1:8000/ws/games/7/watch/",
    );
  });

  it("joins with the link alone: no CSRF header, the token escaped", async () => {
    document.cookie = "csrftoken=abc";
    const { fetch } = fakeServer({ "POST /api/play/a%2Fb/join/": () => tableMemulation() });
    await tablesApi.join("a/b");
    const init = fetch.mock.calls[0][1] as RequestInit;
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>)["X-CSRFToken"]).toBeUndefined();
  });
});
