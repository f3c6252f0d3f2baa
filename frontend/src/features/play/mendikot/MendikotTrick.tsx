// The cards on the Mendikot table, each at its player's place; a finished trick stays shown for
// a moment before it is gathered.

import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Card } from "../../../game/Card";
import type { ShownTrick } from "../recent";
import type { MendikotView } from "../../../game/types";
import { seatName, seatPlace } from "./seats";

export function MendikotTrick({
  view,
  showing,
}: {
  view: MendikotView;
  showing: ShownTrick | null;
}) {
  const { t } = useLingui();
  const s = view.state;
  const me = view.seat;
  const cards = showing
    ? showing.cards
    : (s.trick?.cards ?? []).map((c) => ({ seat: c.seat, card: c.card, trump: c.trump }));
  return (
    <div
      className={`mendikot-trick ${showing ? "showing" : ""}`}
      role="group"
      aria-label={t`Cards on the table`}
      data-testid={showing ? "trick-shown" : "trick"}
    >
      {cards.map((c, i) => (
        <figure key={c.card} className={`trick-card place-${seatPlace(c.seat, me)}`}>
          <Card card={c.card} trump={"trump" in c ? Boolean(c.trump) : false} />
          <figcaption>{i === 0 ? ledWords(c.seat, me) : seatName(c.seat, me)}</figcaption>
        </figure>
      ))}
    </div>
  );
}

/** Under the card led: "Partner led", "You led". */
function ledWords(seat: number, me: number): string {
  if (seat === me) return t`You led`;
  const name = seatName(seat, me);
  return t`${name} led`;
}
