// A compact picker of any of the 52 cards: one row per suit, thirteen ranks each.

import { useRef } from "react";
import { useLingui } from "@lingui/react/macro";
import { useSettings } from "../../../game/settings";
import { useRovingTabStop } from "../table/roving";
import {
  RANKS,
  RANK_LABEL,
  SUITS,
  SUIT_SYMBOL,
  cardName,
  suitColour,
  suitName,
} from "../../../game/cards";
import type { KeyboardEvent } from "react";

export function CardPicker({
  value,
  onChange,
  label,
}: {
  value: string | null;
  onChange: (card: string) => void;
  label: string;
}) {
  const { settings } = useSettings();
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  // One tab stop for the 52 cards; the arrow keys move by rank (left, right) and suit (up, down).
  useRovingTabStop(box);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>("button"));
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    // A row of ranks runs right to left in a right-to-left language: the arrow follows the eye.
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const moves: Record<string, number> = {
      ArrowLeft: rtl ? 1 : -1,
      ArrowRight: rtl ? -1 : 1,
      ArrowUp: -13,
      ArrowDown: 13,
      Home: -(index % 13),
      End: 12 - (index % 13),
    };
    const step = moves[event.key];
    if (step === undefined) return;
    const next = index + step;
    if (next >= 0 && next < buttons.length) {
      event.preventDefault();
      buttons[next].focus();
    }
  };
  return (
    <div
      ref={box}
      className="card-picker"
      role="group"
      aria-label={label}
      aria-description={t`Arrow keys: left and right for the rank, up and down for the suit.`}
      onKeyDown={onKeyDown}
    >
      {SUITS.map((suit) => (
        <div className="picker-row" key={suit} role="group" aria-label={suitName(suit)}>
          <span
            className="picker-suit"
            aria-hidden="true"
            style={{ color: suitColour(suit, settings.palette) }}
          >
            {SUIT_SYMBOL[suit]}
          </span>
          {RANKS.map((rank) => {
            const card = `${rank}${suit}`;
            const chosen = value === card;
            return (
              <button
                key={card}
                type="button"
                className={`picker-card ${chosen ? "chosen" : ""}`}
                aria-pressed={chosen}
                data-card={card}
                style={chosen ? undefined : { color: suitColour(suit, settings.palette) }}
                onClick={() => onChange(card)}
              >
                {/* Rank first, as on the cards, in a right-to-left language too. */}
                <span aria-hidden="true" dir="ltr">
                  {RANK_LABEL[rank]}
                  {SUIT_SYMBOL[suit]}
                </span>
                <span className="sr-only">{cardName(card)}</span>
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
