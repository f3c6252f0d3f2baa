// The "Open a table" form's seats: what each seat may hold and the request they make.

import { t } from "@lingui/core/macro";
import type { SeatRequest } from "./tableTypes";

/** A seat's choice in the form: "" (not chosen yet), "clinician", "bot" or "p<participant id>". */
export type SeatChoice = string;

export function seatCount(game: string | undefined): number {
  return game === "mendikot" ? 4 : 2;
}

export function defaultChoices(game: string | undefined, first: number | null): SeatChoice[] {
  const n = seatCount(game);
  return Array.from({ length: n }, (_, i) =>
    i === 0 && first !== null ? `p${first}` : game === "mendikot" ? "bot" : "",
  );
}

export function seatRequest(choice: SeatChoice): SeatRequest | null {
  if (choice === "clinician") return { kind: "clinician" };
  if (choice === "bot") return { kind: "bot" };
  const id = /^p(\d+)$/.exec(choice);
  return id ? { kind: "participant", participant: Number(id[1]) } : null;
}

/** What is wrong with the seats as chosen (the server checks again), or null. */
export function seatsProblem(game: string | undefined, choices: SeatChoice[]): string | null {
  const requests = choices.map(seatRequest);
  if (requests.some((r) => r === null)) return t`Choose who sits at every seat.`;
  const seats = requests as SeatRequest[];
  const people = seats.filter((s) => s.kind !== "bot");
  const participants = seats.filter((s) => s.kind === "participant");
  if (participants.length === 0) return t`At least one seat must be a participant's.`;
  if (seats.filter((s) => s.kind === "clinician").length > 1) return t`You can hold only one seat.`;
  const ids = participants.map((s) => (s as { participant: number }).participant);
  if (new Set(ids).size !== ids.length) return t`A participant can hold only one seat.`;
  if (game === "mendikot" && people.length < 2)
    return t`A Mendikot table needs at least two people; the computer takes the other seats.`;
  if (game !== "mendikot" && people.length !== 2) return t`Memulation is for two people.`;
  return null;
}
