// Won tricks lie face down in front of their winner, in the order won: their positions are
// what a Lame Duck must remember for the 'Stragedy.

import { plural, t } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { Card, rovingKeys } from "../../../game/Card";
import { useRovingTabStop } from "../table/roving";

export function TrickPile({
  count,
  label,
  justWon,
  testId,
}: {
  count: number;
  label: string;
  justWon?: boolean;
  testId?: string;
}) {
  const { t } = useLingui();
  return (
    <div className="pile" data-testid={testId} data-count={count}>
      <div className="pile-label">
        <Trans>
          {label}: <strong>{count}</strong> <Plural value={count} one="trick" other="tricks" />
        </Trans>
      </div>
      <ol
        className="pile-row"
        aria-label={t({
          message: plural(count, {
            one: `${label}, # trick face down in the order won`,
            other: `${label}, # tricks face down in the order won`,
          }),
        })}
      >
        {Array.from({ length: count }, (_, i) => (
          <li
            key={i}
            className={`pile-trick ${justWon && i === count - 1 ? "just-won" : ""}`}
            aria-label={trickWords(i)}
          >
            <Card faceDown decorative className="pile-card" />
            <Card faceDown decorative className="pile-card second" />
            <span className="pile-num" aria-hidden="true">
              {i + 1}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export interface OldPosition {
  pile: number;
  trick: number;
  card: number;
}

/** The Old Deal's face-down tricks during the New Deal. In the 'Stragedy each face-down card is
 * a button; a card already taken out is an empty place. */
export function OldPiles({
  piles,
  me,
  selectable,
  chosen,
  onPick,
}: {
  piles: Record<string, [boolean, boolean][]>;
  me: number;
  selectable?: boolean;
  chosen?: OldPosition | null;
  onPick?: (position: OldPosition) => void;
}) {
  const { t } = useLingui();
  const order = [me, 1 - me];
  const box = useRef<HTMLDivElement>(null);
  useRovingTabStop(box);
  return (
    <div
      ref={box}
      className={`old-piles ${selectable ? "selectable" : ""}`}
      data-testid="old-piles"
      {...(selectable
        ? {
            role: "group",
            "aria-label": t`The Old Deal's face-down cards: arrow keys move among them`,
            onKeyDown: rovingKeys,
          }
        : {})}
    >
      {order.map((pile) => {
        const tricks = piles[String(pile)] ?? [];
        const owner = pile === me ? t`Your Old Deal tricks` : t`Your opponent's Old Deal tricks`;
        const count = tricks.length;
        // The colon in the message, spaced as the language writes it; the count isolated, or in
        // Arabic it would join "Old Deal" before it and read "0 :Old Deal".
        return (
          <div className="old-pile" key={pile}>
            <div className="pile-label">
              {pile === me ? (
                <Trans>
                  Your Old Deal tricks: <strong dir="ltr">{count}</strong>
                </Trans>
              ) : (
                <Trans>
                  Your opponent's Old Deal tricks: <strong dir="ltr">{count}</strong>
                </Trans>
              )}
            </div>
            <ol className="pile-row" aria-label={owner}>
              {tricks.map((present, trick) => (
                <li className="old-trick" key={trick}>
                  <span className="pile-num">{trick + 1}</span>
                  <div className="old-pair">
                    {[0, 1].map((card) => (
                      <span key={card} className="old-place">
                        {slot(pile, trick, card, present[card])}
                        <span className="old-slot-label" aria-hidden="true">
                          {card === 0 ? t`led` : t`followed`}
                        </span>
                      </span>
                    ))}
                  </div>
                </li>
              ))}
            </ol>
          </div>
        );
      })}
    </div>
  );

  function slot(pile: number, trick: number, card: number, here: boolean) {
    const words = slotWords(pile === me, trick + 1, card);
    const isChosen = chosen?.pile === pile && chosen.trick === trick && chosen.card === card;
    if (!here) {
      return (
        <span className="old-slot empty" aria-label={t`${words}: taken`}>
          <span aria-hidden="true">–</span>
        </span>
      );
    }
    if (!selectable) {
      return (
        <span className="old-slot">
          <Card faceDown decorative />
        </span>
      );
    }
    return (
      <button
        type="button"
        className={`old-slot pick ${isChosen ? "selected" : ""}`}
        aria-label={words}
        aria-pressed={isChosen}
        data-position={`${pile}-${trick}-${card}`}
        onClick={() => onPick?.({ pile, trick, card })}
      >
        <Card faceDown decorative />
        {isChosen && (
          <span className="chosen-mark" aria-hidden="true">
            ✓
          </span>
        )}
      </button>
    );
  }
}

function trickWords(index: number): string {
  const number = index + 1;
  return t`trick ${number}`;
}

/** "opponent's trick 3, card that followed": a face-down place, as a screen reader names it. */
export function slotWords(mine: boolean, number: number, card: number): string {
  if (mine)
    return card === 0
      ? t`your trick ${number}, card led`
      : t`your trick ${number}, card that followed`;
  return card === 0
    ? t`opponent's trick ${number}, card led`
    : t`opponent's trick ${number}, card that followed`;
}

/** "your opponent's trick 3, the card that followed" */
export function positionWords(position: OldPosition, me: number): string {
  const number = position.trick + 1;
  if (position.pile === me) {
    return position.card === 0
      ? t`your trick ${number}, the card led`
      : t`your trick ${number}, the card that followed`;
  }
  return position.card === 0
    ? t`your opponent's trick ${number}, the card led`
    : t`your opponent's trick ${number}, the card that followed`;
}
