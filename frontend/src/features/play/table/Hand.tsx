// The player's own hand, face up. Cards that may be played now are raised and outlined; any card
// can still be tried (a refused card is explained, and the attempt is research data).

import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Card, CardButton, rovingKeys } from "../../../game/Card";
import { cardName } from "../../../game/cards";
import { focusInView, useRovingTabStop } from "./roving";

export function PlayHand({
  cards,
  legal,
  wild,
  yourTurn,
  disabled,
  onPlay,
  label,
  actionWord = "play",
  sending = null,
  waiting = false,
}: {
  cards: string[];
  legal: string[];
  wild?: string | null;
  yourTurn: boolean;
  disabled?: boolean;
  onPlay: (card: string) => void;
  label: string;
  /** What a legal card is for: played, or (Mendikot) hidden as the trump card. */
  actionWord?: "play" | "hide";
  /** The card chosen and sent, not yet answered: shown apart, no longer in the hand. */
  sending?: string | null;
  /** The connection is lost: the sent card waits for it. */
  waiting?: boolean;
}) {
  const { t } = useLingui();
  const allowed = new Set(legal);
  const group = useRef<HTMLDivElement>(null);
  const active = yourTurn && !disabled;
  useRovingTabStop(group);
  // A played card leaves the hand and takes the focus with it: give it back to the hand when
  // the next turn comes, unless the player has put it somewhere else meanwhile.
  useEffect(() => {
    if (!active || !group.current) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const target =
      group.current.querySelector<HTMLButtonElement>("button.legal:not([disabled])") ??
      group.current.querySelector<HTMLButtonElement>("button:not([disabled])");
    if (target) focusInView(target);
  }, [active]);
  const shown = sending ? cards.filter((card) => card !== sending) : cards;
  const sentName = sending ? cardName(sending) : "";
  const may = actionWord === "hide" ? t`you may hide it` : t`you may play it`;
  return (
    <>
      {sending && (
        <div
          className={`sending-card ${waiting ? "waiting" : ""}`}
          role="status"
          data-testid="sending-card"
        >
          <Card card={sending} className="mini" decorative />
          <span>
            {waiting
              ? t`Your ${sentName} is sent and waiting for the connection.`
              : t`Playing your ${sentName}…`}
          </span>
        </div>
      )}
      <div
        ref={group}
        className={`hand play-hand ${yourTurn ? "your-turn" : ""}`}
        role="group"
        aria-label={label}
        onKeyDown={rovingKeys}
        data-testid="hand"
      >
        {shown.map((card) => {
          const ok = allowed.has(card);
          return (
            <CardButton
              key={card}
              card={card}
              wild={!!wild && card[0] === wild}
              legal={yourTurn ? ok : undefined}
              hint={yourTurn ? (ok ? may : t`not allowed now`) : undefined}
              disabled={disabled}
              onClick={() => onPlay(card)}
            />
          );
        })}
      </div>
    </>
  );
}
