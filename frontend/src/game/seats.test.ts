// The messages speak English, the source language (the test render module activates it).
import "../test/render";
import { describe, expect, it } from "vitest";
import { memulationView } from "../test/views";
import { defaultChoices, seatRequest, seatsProblem } from "./seatChoices";
import { notJoined, personAt, waitingFor } from "./seats";
import { tableMendikot, tableMemulation } from "../test/tables";

describe("people at a table, in words", () => {
  it("names the person at a seat, never the computer, and nobody in a one-participant game", () => {
    const view = tableMemulation();
    expect(personAt(view, 1)).toBe("P015");
    expect(waitingFor(view, [1])).toBe("Waiting for P015…");
    expect(waitingFor(view, [0])).toBeNull(); // your own turn
    expect(personAt(memulationView(), 1)).toBeNull();
    const mendikot = tableMendikot({
      seats: [
        { seat: 0, kind: "participant", label: "P012", joined: true },
        { seat: 1, kind: "bot", label: "Computer", joined: true },
        { seat: 2, kind: "clinician", label: "Clinician", joined: true },
        { seat: 3, kind: "bot", label: "Computer", joined: true },
      ],
      you: 0,
    });
    expect(waitingFor(mendikot, [1])).toBeNull();
    expect(waitingFor(mendikot, [2])).toBe("Waiting for Clinician…");
  });

  it("lists the people still to join", () => {
    expect(notJoined(tableMemulation().table.seats).map((s) => s.label)).toEqual(["P015"]);
  });
});

describe("the seats of a new table", () => {
  it("starts with the participant at seat 1 and the computer in Mendikot's other seats", () => {
    expect(defaultChoices("memulation", 12)).toEqual(["p12", ""]);
    expect(defaultChoices("mendikot", 12)).toEqual(["p12", "bot", "bot", "bot"]);
    expect(defaultChoices("mendikot", null)).toEqual(["bot", "bot", "bot", "bot"]);
  });

  it("turns choices into the request's seats", () => {
    expect(seatRequest("p7")).toEqual({ kind: "participant", participant: 7 });
    expect(seatRequest("clinician")).toEqual({ kind: "clinician" });
    expect(seatRequest("bot")).toEqual({ kind: "bot" });
    expect(seatRequest("")).toBeNull();
  });

  it("says what is wrong before the server has to", () => {
    expect(seatsProblem("memulation", ["p1", ""])).toMatch(/every seat/);
    expect(seatsProblem("memulation", ["p1", "p1"])).toMatch(/only one seat/);
    expect(seatsProblem("memulation", ["clinician", "clinician"])).toMatch(/participant/);
    expect(seatsProblem("memulation", ["p1", "clinician"])).toBeNull();
    expect(seatsProblem("memulation", ["p1", "p2"])).toBeNull();
    expect(seatsProblem("mendikot", ["p1", "bot", "bot", "bot"])).toMatch(/two people/);
    expect(seatsProblem("mendikot", ["p1", "bot", "clinician", "bot"])).toBeNull();
    expect(seatsProblem("mendikot", ["p1", "p2", "p3", "clinician"])).toBeNull();
  });
});
