// The last trick taken, for a second look: who led, who followed, who won. The server's view
// carries it during play (so a reload still shows it; the earlier tricks of a Memulation deal
// stay face down); between its answers the device keeps the last one it saw, and forgets it
// when a new deal starts.

import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Card } from "../../../game/Card";
import { cardName } from "../../../game/cards";
import { formatList } from "../../../i18n/format";
import { finishedTricks } from "../recent";
import type { ShownTrick } from "../recent";
import type { SeatView } from "../../../game/types";

/** The view's own last trick, in the shape the table shows. */
export function viewLastTrick(view: SeatView): ShownTrick | null {
  const last = view.state.last_trick;
  if (!last) return null;
  const players = view.game_type === "mendikot" ? 4 : 2;
  const cards = (last.cards as (string | { seat: number; card: string })[]).map((c, j) =>
    typeof c === "string" ? { seat: (last.leader + j) % players, card: c } : c,
  );
  return {
    key: `view-${view.version}-${last.number}`,
    leader: last.leader,
    winner: last.winner,
    cards,
  };
}

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
  const next = {
    deal,
    version: view.version,
    trick: viewLastTrick(view) ?? tricks[tricks.length - 1] ?? earlier,
  };
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
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (!trick) return null;
  const winner = name(trick.winner);
  const cards = formatList(
    trick.cards.map((c) => cardName(c.card)),
    "unit",
  );
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
        {open ? t`Hide the last trick` : t`Last trick`}
      </button>
      {open && (
        <div
          id="last-trick-panel"
          className="last-trick-panel"
          role="group"
          aria-label={t`The last trick`}
          data-testid="last-trick"
        >
          {trick.cards.map((c, i) => {
            const who = name(c.seat);
            return (
              <figure key={c.card} className="trick-card">
                <Card card={c.card} className="mid" />
                <figcaption>{i === 0 ? t`${who} led` : t`${who} followed`}</figcaption>
              </figure>
            );
          })}
          <p>{trick.cards.length ? t`${winner} won it (${cards}).` : t`${winner} won it.`}</p>
        </div>
      )}
    </div>
  );
}
