// The last trick taken, for a second look: who led, who followed, who won. Kept on this device
// from the answers it saw (the server does not send old tricks: in Memulation they lie face
// down), and forgotten when a new deal starts.

import { useState } from "react";
import { Card } from "./Card";
import { cardName } from "./cards";
import { finishedTricks } from "./recent";
import type { ShownTrick } from "./recent";
import type { SeatView } from "./types";

export function useLastTrick(view: SeatView, deal: string): ShownTrick | null {
  const [kept, setKept] = useState<{ deal: string; version: number; trick: ShownTrick | null }>({
    deal,
    version: -1,
    trick: null,
  });
  if (kept.deal === deal && kept.version === view.version) return kept.trick;
  // A new answer (or a new deal): remember its last finished trick, while rendering.
  const tricks = finishedTricks(view);
  const earlier = kept.deal === deal ? kept.trick : null;
  const next = { deal, version: view.version, trick: tricks[tricks.length - 1] ?? earlier };
  setKept(next);
  return next.trick;
}

export function LastTrick({
  trick,
  name,
}: {
  trick: ShownTrick | null;
  /** "You", "Opponent", "Partner", ... */
  name: (seat: number) => string;
}) {
  const [open, setOpen] = useState(false);
  if (!trick) return null;
  return (
    <div className="last-trick">
      <button
        type="button"
        className="btn secondary small"
        aria-expanded={open}
        aria-controls="last-trick-panel"
        onClick={() => setOpen((o) => !o)}
        data-testid="last-trick-toggle"
      >
        {open ? "Hide the last trick" : "Last trick"}
      </button>
      {open && (
        <div
          id="last-trick-panel"
          className="last-trick-panel"
          role="group"
          aria-label="The last trick"
          data-testid="last-trick"
        >
          {trick.cards.map((c, i) => (
            <figure key={c.card} className="trick-card">
              <Card card={c.card} className="mid" />
              <figcaption>
                {name(c.seat)} {i === 0 ? "led" : "followed"}
              </figcaption>
            </figure>
          ))}
          <p>
            {name(trick.winner)} won it
            {trick.cards.length ? ` (${trick.cards.map((c) => cardName(c.card)).join(", ")})` : ""}.
          </p>
        </div>
      )}
    </div>
  );
}
