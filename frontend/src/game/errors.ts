// Refusals in plain words. The codes are the ones in RULES.md (and a few of the API's own).

import { select, t } from "@lingui/core/macro";
import { cardName, parseCard } from "./cards";

export interface RefusalContext {
  /** The card the player tried (for a play). */
  card?: string;
  /** The card led to the trick in progress, if any. */
  led?: string | null;
  /** The wild rank in force (Memulation). */
  wild?: string | null;
  /** The trump suit in force (Mendikot). */
  trump?: string | null;
  game?: "memulation" | "mendikot";
}

function ledSuit(ctx: RefusalContext): string | null {
  if (!ctx.led) return null;
  try {
    return parseCard(ctx.led).suit;
  } catch {
    return null;
  }
}

export function refusalMessage(code: string, ctx: RefusalContext = {}): string {
  const suit = ledSuit(ctx);
  const tried = ctx.card ? safeName(ctx.card) : null;
  switch (code) {
    case "must_follow_suit": {
      if (!suit) return t`You must follow suit: play a card of the suit that was led.`;
      const rule =
        ctx.game === "memulation" && ctx.wild ? mustFollowOrWild(suit) : mustFollow(suit);
      return tried ? `${rule} ${t`The ${tried} cannot be played now.`}` : rule;
    }
    case "must_play_trump": {
      const trump = ctx.trump ?? "";
      return select(trump, {
        S: "You asked for trump and you hold spades: you must play a spade.",
        H: "You asked for trump and you hold hearts: you must play a heart.",
        D: "You asked for trump and you hold diamonds: you must play a diamond.",
        C: "You asked for trump and you hold clubs: you must play a club.",
        other: "You asked for trump and you hold a trump: you must play it.",
      });
    }
    case "not_your_turn":
      return t`Please wait: it is not your turn yet.`;
    case "card_not_in_hand":
      return tried ? t`The ${tried} is not in your hand.` : t`That card is not in your hand.`;
    case "wrong_phase":
      return t`That cannot be done at this moment of the game.`;
    case "invalid_choice":
      return t`Please choose hand A or hand B.`;
    case "invalid_position":
      return t`There is no face-down card there. Please pick another card from the piles.`;
    case "cannot_ask":
      return t`You can ask for trump only when it is your turn and you have no card of the suit that was led.`;
    case "invalid_card":
      return t`That is not a card we know. Please pick a card again.`;
    case "game_over":
      return t`This game is over.`;
    case "stale_version":
      return t`The table changed a moment ago. It has been brought up to date: please look and try again.`;
    case "invalid_input":
      return t`Something in that request was not right. Please try again.`;
    case "link_expired":
    case "link_invalid":
    case "invalid_link":
      return t`This game link no longer works. Please ask for a new one.`;
    case "not_authenticated":
      return t`Please sign in again.`;
    case "permission_denied":
      return t`You are not allowed to do that.`;
    case "not_found":
      return t`This could not be found.`;
    case "throttled":
      return t`Too many attempts. Please wait a moment and try again.`;
    case "invalid_credentials":
      return t`The user name or the password is not right.`;
    case "account_locked":
      return t`This account is locked for a while after too many wrong passwords.`;
    default:
      return t`That move was not accepted. Please try again.`;
  }
}

// One sentence per suit: the suit's word takes its own article and gender in each language.
function mustFollow(suit: string): string {
  return select(suit, {
    S: "You have a spade, so you must play a spade.",
    H: "You have a heart, so you must play a heart.",
    D: "You have a diamond, so you must play a diamond.",
    other: "You have a club, so you must play a club.",
  });
}

function mustFollowOrWild(suit: string): string {
  return select(suit, {
    S: "You have a spade, so you must play a spade (or a wild card).",
    H: "You have a heart, so you must play a heart (or a wild card).",
    D: "You have a diamond, so you must play a diamond (or a wild card).",
    other: "You have a club, so you must play a club (or a wild card).",
  });
}

function safeName(card: string): string | null {
  try {
    return cardName(card);
  } catch {
    return null;
  }
}
