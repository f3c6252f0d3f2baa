// Which cards are wild, in everyday words: the three other cards with the Pritticut's rank.

import { RANKS, SUITS, cardName, rankName } from "./cards";

/** "7S" -> ["7H", "7D", "7C"]: the wild cards a Pritticut makes (itself not in play). */
export function wildCards(pritticut: string): string[] {
  const rank = pritticut[0];
  if (!(RANKS as readonly string[]).includes(rank)) return [];
  return SUITS.filter((suit) => suit !== pritticut[1]).map((suit) => `${rank}${suit}`);
}

/** "7S" -> "the seven of hearts, the seven of diamonds and the seven of clubs". */
export function wildWords(pritticut: string): string {
  const names = wildCards(pritticut).map((card) => `the ${cardName(card)}`);
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** "7" -> "sevens". */
export function rankPlural(rank: string): string {
  const name = rankName(rank);
  return name.endsWith("x") ? `${name}es` : `${name}s`;
}
