// A playing card drawn as SVG: big rank and suit for older eyes, an optional four-colour deck,
// a face-down back, and marks for wild cards and trumps.

import { t } from "@lingui/core/macro";
import { useId } from "react";
import type { ButtonHTMLAttributes, KeyboardEvent } from "react";
import { RANK_LABEL, SUIT_SYMBOL, cardName, parseCard, suitColour } from "./cards";
import type { Palette } from "./cards";
import { useSettings } from "./settings";
import { joinParts } from "../i18n/format";

export interface CardProps {
  card?: string | null;
  faceDown?: boolean;
  wild?: boolean;
  trump?: boolean;
  palette?: Palette;
  /** Text for screen readers; defaults to the card's name (or "face-down card"). */
  label?: string;
  /** Decorative: hidden from screen readers (the surrounding button names it). */
  decorative?: boolean;
  className?: string;
}

export function Card({
  card,
  faceDown,
  wild,
  trump,
  palette,
  label,
  decorative,
  className,
}: CardProps) {
  const id = useId().replace(/:/g, "");
  const { settings } = useSettings();
  const colours = palette ?? settings.palette;
  const down = faceDown || !card;
  const a11y = decorative
    ? { "aria-hidden": true as const }
    : { role: "img", "aria-label": label ?? (down ? t`face-down card` : cardName(card)) };
  if (down) {
    return (
      <svg
        viewBox="0 0 100 140"
        direction="ltr"
        className={`card-svg card-back ${className ?? ""}`}
        data-card="back"
        {...a11y}
      >
        <defs>
          <pattern id={`back-${id}`} width="12" height="12" patternUnits="userSpaceOnUse">
            <rect width="12" height="12" fill="#1b3a8a" />
            <path d="M0 12 L12 0 M-3 3 L3 -3 M9 15 L15 9" stroke="#6f8fe0" strokeWidth="2" />
          </pattern>
        </defs>
        <rect
          x="2"
          y="2"
          width="96"
          height="136"
          rx="9"
          fill="#fff"
          stroke="#111"
          strokeWidth="3"
        />
        <rect x="9" y="9" width="82" height="122" rx="5" fill={`url(#back-${id})`} />
      </svg>
    );
  }
  const { rank, suit } = parseCard(card);
  const colour = suitColour(suit, colours);
  const symbol = SUIT_SYMBOL[suit];
  const rankText = RANK_LABEL[rank];
  return (
    <svg
      viewBox="0 0 100 140"
      direction="ltr"
      className={`card-svg ${wild ? "is-wild" : ""} ${trump ? "is-trump" : ""} ${className ?? ""}`}
      data-card={card}
      {...a11y}
    >
      <rect
        x="2"
        y="2"
        width="96"
        height="136"
        rx="9"
        fill={wild ? "#fff7d6" : "#ffffff"}
        stroke="#111"
        strokeWidth="3"
      />
      <text
        x="9"
        y="35"
        fontSize={rankText.length > 1 ? 28 : 34}
        fontWeight="700"
        fill={colour}
        fontFamily="Arial, Helvetica, sans-serif"
      >
        {rankText}
      </text>
      <text x="9" y="64" fontSize="28" fill={colour} fontFamily="Arial, sans-serif">
        {symbol}
      </text>
      <text
        x="58"
        y="112"
        fontSize="62"
        textAnchor="middle"
        fill={colour}
        fontFamily="Arial, sans-serif"
      >
        {symbol}
      </text>
      <text
        x="91"
        y="130"
        fontSize={rankText.length > 1 ? 24 : 28}
        fontWeight="700"
        textAnchor="end"
        fill={colour}
        fontFamily="Arial, Helvetica, sans-serif"
      >
        {rankText}
      </text>
      {wild && (
        <g>
          <rect x="56" y="8" width="38" height="20" rx="4" fill="#7a4b00" />
          <text
            x="75"
            y="23"
            fontSize="13"
            fontWeight="700"
            textAnchor="middle"
            fill="#fff"
            fontFamily="Arial, sans-serif"
          >
            {t({ message: "WILD", comment: "A badge on a card face: at most 6 letters" })}
          </text>
        </g>
      )}
      {trump && !wild && (
        <g>
          <rect x="52" y="8" width="42" height="20" rx="4" fill="#4b0082" />
          <text
            x="73"
            y="23"
            fontSize="12"
            fontWeight="700"
            textAnchor="middle"
            fill="#fff"
            fontFamily="Arial, sans-serif"
          >
            {t({ message: "TRUMP", comment: "A badge on a card face: at most 6 letters" })}
          </text>
        </g>
      )}
    </svg>
  );
}

export interface CardButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> {
  card: string;
  legal?: boolean;
  selected?: boolean;
  wild?: boolean;
  trump?: boolean;
  /** Extra words for screen readers after the card's name ("playable"). */
  hint?: string;
}

export function CardButton({
  card,
  legal,
  selected,
  wild,
  trump,
  hint,
  className,
  ...rest
}: CardButtonProps) {
  const words = joinParts([cardName(card), wild ? t`wild card` : "", hint ?? ""].filter(Boolean));
  return (
    <button
      type="button"
      className={`card-btn ${legal ? "legal" : ""} ${legal === false ? "not-legal" : ""} ${
        selected ? "selected" : ""
      } ${className ?? ""}`}
      aria-pressed={selected === undefined ? undefined : selected}
      data-card={card}
      {...rest}
    >
      {/* The name comes from this text, not an aria-label: the SVG's printed rank and suit are
          decoration for the eyes, the words are for screen readers. */}
      <span className="sr-only">{words}</span>
      <Card card={card} wild={wild} trump={trump} decorative />
    </button>
  );
}

// Key names (KeyboardEvent.key).
const LEFT = "ArrowLeft";
const RIGHT = "ArrowRight";
const UP = "ArrowUp";
const DOWN = "ArrowDown";
const HOME = "Home";
const END = "End";
const ROVING_KEYS = [LEFT, RIGHT, UP, DOWN, HOME, END];

/** Arrow keys move the focus along a row of buttons (a hand, a picker). A row laid out right to
 * left (Arabic) runs the other way, so the left arrow moves to the next button there. */
export function rovingKeys(event: KeyboardEvent<HTMLElement>): void {
  if (!ROVING_KEYS.includes(event.key)) return;
  const container = event.currentTarget;
  const rtl = getComputedStyle(container).direction === "rtl";
  const back = rtl ? RIGHT : LEFT;
  const forward = rtl ? LEFT : RIGHT;
  const buttons = Array.from(
    container.querySelectorAll<HTMLButtonElement>("button:not([disabled])"),
  );
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0 && event.key !== HOME && event.key !== END) return;
  let next = index;
  if (event.key === back || event.key === UP) next = Math.max(0, index - 1);
  if (event.key === forward || event.key === DOWN) next = Math.min(buttons.length - 1, index + 1);
  if (event.key === HOME) next = 0;
  if (event.key === END) next = buttons.length - 1;
  if (next !== index && buttons[next]) {
    event.preventDefault();
    buttons[next].focus();
  }
}
