// The player's own hand, face up. Cards that may be played now are raised and outlined; any card
// can still be tried (a refused card is explained, and the attempt is research data).

import { CardButton, rovingKeys } from "./Card";

export function PlayHand({
  cards,
  legal,
  wild,
  yourTurn,
  disabled,
  onPlay,
  label,
  actionWord = "play",
}: {
  cards: string[];
  legal: string[];
  wild?: string | null;
  yourTurn: boolean;
  disabled?: boolean;
  onPlay: (card: string) => void;
  label: string;
  actionWord?: string;
}) {
  const allowed = new Set(legal);
  return (
    <div
      className={`hand play-hand ${yourTurn ? "your-turn" : ""}`}
      role="group"
      aria-label={label}
      onKeyDown={rovingKeys}
      data-testid="hand"
    >
      {cards.map((card) => {
        const ok = allowed.has(card);
        return (
          <CardButton
            key={card}
            card={card}
            wild={!!wild && card[0] === wild}
            legal={yourTurn ? ok : undefined}
            hint={yourTurn ? (ok ? `you may ${actionWord} it` : "not allowed now") : undefined}
            disabled={disabled}
            onClick={() => onPlay(card)}
          />
        );
      })}
    </div>
  );
}
