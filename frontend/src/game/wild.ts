// Which cards are wild, in everyday words: the three other cards with the Pritticut's rank.

import { select, t } from "@lingui/core/macro";
import { RANKS, SUITS, cardName, parseCard } from "./cards";

export { rankPlural } from "./cards";

/** "7S" -> ["7H", "7D", "7C"]: the wild cards a Pritticut makes (itself not in play). */
export function wildCards(pritticut: string): string[] {
  const rank = pritticut[0];
  if (!(RANKS as readonly string[]).includes(rank)) return [];
  return SUITS.filter((suit) => suit !== pritticut[1]).map((suit) => `${rank}${suit}`);
}

/** "7H" -> "the seven of hearts": the article follows the rank's gender in each language. */
export function theCard(card: string): string {
  const rank = parseCard(card).rank;
  const name = cardName(card);
  return select(rank, { other: `the ${name}` });
}

/** "7S" -> "the seven of hearts, the seven of diamonds and the seven of clubs". */
export function wildWords(pritticut: string): string {
  const [first, second, third] = wildCards(pritticut).map(theCard);
  return third ? t`${first}, ${second} and ${third}` : "";
}
