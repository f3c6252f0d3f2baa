// The seats' words at a Mendikot table, as seen from one's own seat: you at the bottom, your
// partner opposite, the opponents on either side.

import { t } from "@lingui/core/macro";

/** Where each seat sits as seen from ``me`` (seats are numbered counter-clockwise, so the next
 * seat, who plays after you, is on your right). */
export function seatPlace(seat: number, me: number): "bottom" | "right" | "top" | "left" {
  return (["bottom", "right", "top", "left"] as const)[(seat - me + 4) % 4];
}

export function seatName(seat: number, me: number): string {
  switch (seatPlace(seat, me)) {
    case "bottom":
      return t`You`;
    case "right":
      return t`Right opponent`;
    case "top":
      return t`Partner`;
    case "left":
      return t`Left opponent`;
  }
}

/** A seat's name inside a sentence ("right opponent"), where it is not a label. */
export function seatInSentence(seat: number, me: number): string {
  switch (seatPlace(seat, me)) {
    case "bottom":
      return t`you`;
    case "right":
      return t`right opponent`;
    case "top":
      return t`partner`;
    case "left":
      return t`left opponent`;
  }
}
