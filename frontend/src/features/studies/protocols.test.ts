import { describe, expect, it } from "vitest";
import { NEW_PROTOCOL, OPPONENTS, protocolWrite } from "./protocols";

describe("a protocol draft", () => {
  it("is saved with its numbers as numbers", () => {
    const body = protocolWrite({ ...NEW_PROTOCOL, name: "Pilot", rounds: "3" as never });
    expect(body).toMatchObject({ name: "Pilot", rounds: 3, examination_seconds: 30 });
    expect(body.opponent).toBe("greedy");
  });

  it("starts with an opponent its game offers", () => {
    expect(OPPONENTS[NEW_PROTOCOL.game ?? "memulation"]).toContain(NEW_PROTOCOL.opponent);
  });
});
