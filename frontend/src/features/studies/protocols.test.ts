import { describe, expect, it } from "vitest";
import type { Protocol } from "../../api/types";
import { pointKindWords } from "./pointKinds";
import { NEW_PROTOCOL, OPPONENTS, protocolWrite, settingsWords } from "./protocols";

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

describe("a protocol's settings line", () => {
  it("says how the roles are decided in words, not the server's code", () => {
    const line = settingsWords({ ...NEW_PROTOCOL, roles: "participant_lame" } as Protocol);
    expect(line).toContain("roles: participant always Lame Duck");
    expect(line.join(" ")).not.toContain("participant_lame");
  });

  it("says a Mendikot protocol's trump rule in words", () => {
    const mendikot = { ...NEW_PROTOCOL, game: "mendikot", trump_rule: "hidden_ask" } as Protocol;
    expect(settingsWords(mendikot)).toContain("trump: hidden, revealed on request");
  });

  it("shows a code it does not know yet as it is", () => {
    const newer = { ...NEW_PROTOCOL, roles: "by_lot" } as unknown as Protocol;
    expect(settingsWords(newer)).toContain("roles: by_lot");
  });
});

describe("an assessment point's kind", () => {
  it("is a word, or the code when the page does not know it", () => {
    expect(pointKindWords("post_training")).toBe("End of training");
    expect(pointKindWords("mid_training")).toBe("mid_training");
    expect(pointKindWords("constructor")).toBe("constructor");
  });
});
