// Who sits where, in words, for the play screens of a table with several people.

import { t } from "@lingui/core/macro";
import { formatList } from "../i18n/format";
import type { SeatView } from "./types";
import type { PublicSeat, TableBlock, TableSeatView } from "./tableTypes";

export function tableOf(view: TableSeatView | null | undefined): TableBlock | null {
  return view?.table ?? null;
}

export function isPerson(seat: Pick<PublicSeat, "kind">): boolean {
  return seat.kind !== "bot";
}

/** The label of the person at ``seat`` (a participant's code, "Clinician"), or null when the
 * seat is the computer's or the game is not a table. */
export function personAt(view: SeatView | null | undefined, seat: number): string | null {
  const entry = tableOf(view)?.seats.find((s) => s.seat === seat);
  return entry && isPerson(entry) ? entry.label : null;
}

/** "Waiting for P015…" when a person is to act, else null (the computer's turn keeps the
 * screen's own words). */
export function waitingFor(view: SeatView, seats: number[]): string | null {
  const others = seats.filter((s) => s !== view.seat).map((s) => personAt(view, s));
  const named = others.filter((p): p is string => p !== null);
  if (named.length === 0) return null;
  const people = formatList(named);
  return t`Waiting for ${people}…`;
}

/** The seats still to join. */
export function notJoined(seats: PublicSeat[]): PublicSeat[] {
  return seats.filter((s) => isPerson(s) && !s.joined);
}

export function kindWords(kind: string): string {
  if (kind === "participant") return t({ message: "participant", context: "seat" });
  if (kind === "clinician") return t({ message: "clinician", context: "seat" });
  return t({ message: "computer", context: "seat" });
}

/** Mendikot's teams: seats 0 and 2 against 1 and 3. */
export function teamOf(seat: number): "A" | "B" {
  return seat % 2 === 0 ? "A" : "B";
}
