// Whether a seat is played by the computer, in words beside the seat's name.

import { t } from "@lingui/core/macro";
import type { SeatView } from "../../game/types";

/** "computer" for an opponent program's seat, "the computer for now" for a person's seat it
 * has taken over, else null. */
export function computerWords(view: SeatView, seat: number): string | null {
  const entry = view.seats.find((s) => s.seat === seat);
  if (!entry) return null;
  if (entry.state === "taken_over") return t`the computer for now`;
  return entry.kind === "bot" || entry.state === "bot" ? t`computer` : null;
}
