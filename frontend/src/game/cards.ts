// Cards as the rules write them: rank then suit, "QH", "TS" (ten of spades), "2C".

import { i18n } from "@lingui/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";

export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"] as const;
export const SUITS = ["S", "H", "D", "C"] as const;
export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];

export interface CardParts {
  rank: Rank;
  suit: Suit;
}

export function parseCard(card: string): CardParts {
  const text = card.trim().toUpperCase().replace(/^10/, "T");
  const rank = text.slice(0, -1) as Rank;
  const suit = text.slice(-1) as Suit;
  if (!RANKS.includes(rank) || !SUITS.includes(suit)) {
    throw new Error(`not a card: ${card}`);
  }
  return { rank, suit };
}

export const SUIT_SYMBOL: Record<Suit, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };
// Suit and rank words are messages, looked up when a screen is drawn (in the reader's language).
// German writes a card as one word ("Pik-Sieben"), so a card's name is a message of its own too.
const SUIT_NAME: Record<Suit, MessageDescriptor> = {
  S: msg({ message: "spades", context: "suit" }),
  H: msg({ message: "hearts", context: "suit" }),
  D: msg({ message: "diamonds", context: "suit" }),
  C: msg({ message: "clubs", context: "suit" }),
};
const RANK_NAME: Record<Rank, MessageDescriptor> = {
  "2": msg({ message: "two", context: "rank" }),
  "3": msg({ message: "three", context: "rank" }),
  "4": msg({ message: "four", context: "rank" }),
  "5": msg({ message: "five", context: "rank" }),
  "6": msg({ message: "six", context: "rank" }),
  "7": msg({ message: "seven", context: "rank" }),
  "8": msg({ message: "eight", context: "rank" }),
  "9": msg({ message: "nine", context: "rank" }),
  T: msg({ message: "ten", context: "rank" }),
  J: msg({ message: "jack", context: "rank" }),
  Q: msg({ message: "queen", context: "rank" }),
  K: msg({ message: "king", context: "rank" }),
  A: msg({ message: "ace", context: "rank" }),
};
// Plural rank words ("the other three sevens").
const RANK_PLURAL: Record<Rank, MessageDescriptor> = {
  "2": msg({ message: "twos", context: "rank" }),
  "3": msg({ message: "threes", context: "rank" }),
  "4": msg({ message: "fours", context: "rank" }),
  "5": msg({ message: "fives", context: "rank" }),
  "6": msg({ message: "sixes", context: "rank" }),
  "7": msg({ message: "sevens", context: "rank" }),
  "8": msg({ message: "eights", context: "rank" }),
  "9": msg({ message: "nines", context: "rank" }),
  T: msg({ message: "tens", context: "rank" }),
  J: msg({ message: "jacks", context: "rank" }),
  Q: msg({ message: "queens", context: "rank" }),
  K: msg({ message: "kings", context: "rank" }),
  A: msg({ message: "aces", context: "rank" }),
};
/** The rank as printed on a card face. */
export const RANK_LABEL: Record<Rank, string> = {
  "2": "2",
  "3": "3",
  "4": "4",
  "5": "5",
  "6": "6",
  "7": "7",
  "8": "8",
  "9": "9",
  T: "10",
  J: "J",
  Q: "Q",
  K: "K",
  A: "A",
};

/** "QH" -> "queen of hearts": what a screen reader says and what messages print. */
export function cardName(card: string): string {
  const parts = parseCard(card);
  const rank = i18n._(RANK_NAME[parts.rank]);
  const suit = i18n._(SUIT_NAME[parts.suit]);
  return t({ message: `${rank} of ${suit}`, context: "card" });
}

export function suitName(suit: string): string {
  return suit in SUIT_NAME ? i18n._(SUIT_NAME[suit as Suit]) : suit;
}

export function rankName(rank: string): string {
  return rank in RANK_NAME ? i18n._(RANK_NAME[rank as Rank]) : rank;
}

/** "7" -> "sevens". */
export function rankPlural(rank: string): string {
  return rank in RANK_PLURAL ? i18n._(RANK_PLURAL[rank as Rank]) : rank;
}

/** "QH" -> "Q♥" for compact text. */
export function cardShort(card: string): string {
  const { rank, suit } = parseCard(card);
  return `${RANK_LABEL[rank]}${SUIT_SYMBOL[suit]}`;
}

export type Palette = "two" | "four";

/** Two-colour deck: red hearts and diamonds. Four-colour deck (colour-blind friendly): each suit
 * its own colour, chosen to differ in lightness as well as hue. */
export function suitColour(suit: Suit, palette: Palette): string {
  if (palette === "four") {
    return { S: "#111111", H: "#c00018", D: "#0047b3", C: "#0a7a2f" }[suit];
  }
  return suit === "H" || suit === "D" ? "#c00018" : "#111111";
}

/** Sorted by suit (S H D C), then rank low to high; wild cards (if a wild rank is given) last. */
export function sortHand(cards: readonly string[], wild: string | null = null): string[] {
  const key = (card: string) => {
    const { rank, suit } = parseCard(card);
    const isWild = wild !== null && rank === wild;
    return isWild ? 400 + SUITS.indexOf(suit) : SUITS.indexOf(suit) * 100 + RANKS.indexOf(rank);
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** Keep a preferred order (a sort the participant made) for the cards still held. */
export function inPreferredOrder(
  cards: readonly string[],
  preferred?: readonly string[],
): string[] {
  if (!preferred || preferred.length === 0) return [...cards];
  const held = new Set(cards);
  const ordered = preferred.filter((c) => held.has(c));
  const rest = cards.filter((c) => !ordered.includes(c));
  return [...ordered, ...rest];
}

/** Move the card at ``from`` to position ``to`` (both indexes into ``cards``). */
export function moveCard(cards: readonly string[], from: number, to: number): string[] {
  const next = [...cards];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [card] = next.splice(from, 1);
  next.splice(to, 0, card);
  return next;
}

export function allCards(): string[] {
  return SUITS.flatMap((suit) => RANKS.map((rank) => `${rank}${suit}`));
}
