// Won tricks lie face down in front of their winner, in the order won: their positions are
// what a Lame Duck must remember for the 'Stragedy.

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
  return (
    <div className="pile" data-testid={testId} data-count={count}>
      <div className="pile-label">
        {label}: <strong>{count}</strong> {count === 1 ? "trick" : "tricks"}
      </div>
      <ol className="pile-row" aria-label={`${label}, ${count} tricks face down in the order won`}>
        {Array.from({ length: count }, (_, i) => (
          <li
            key={i}
            className={`pile-trick ${justWon && i === count - 1 ? "just-won" : ""}`}
            aria-label={`trick ${i + 1}`}
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
            "aria-label": "The Old Deal's face-down cards: arrow keys move among them",
            onKeyDown: rovingKeys,
          }
        : {})}
    >
      {order.map((pile) => {
        const tricks = piles[String(pile)] ?? [];
        const owner = pile === me ? "Your Old Deal tricks" : "Your opponent's Old Deal tricks";
        return (
          <div className="old-pile" key={pile}>
            <div className="pile-label">
              {owner}: <strong>{tricks.length}</strong>
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
                          {card === 0 ? "led" : "followed"}
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
    const words = `${pile === me ? "your" : "opponent's"} trick ${trick + 1}, ${
      card === 0 ? "card led" : "card that followed"
    }`;
    const isChosen = chosen?.pile === pile && chosen.trick === trick && chosen.card === card;
    if (!here) {
      return (
        <span className="old-slot empty" aria-label={`${words}: taken`}>
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

/** "opponent's trick 3, the card that followed" */
export function positionWords(position: OldPosition, me: number): string {
  const whose = position.pile === me ? "your" : "your opponent's";
  const which = position.card === 0 ? "the card led" : "the card that followed";
  return `${whose} trick ${position.trick + 1}, ${which}`;
}
