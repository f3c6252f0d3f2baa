// Refusals in plain words. The codes are the ones in RULES.md (and a few of the API's own).

import { cardName, parseCard, suitName, suitSingular } from "./cards";

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
      if (suit) {
        const wildNote = ctx.game === "memulation" && ctx.wild ? " (or a wild card)" : "";
        return `You have a ${suitSingular(suit)}, so you must play a ${suitSingular(suit)}${wildNote}.${
          tried ? ` The ${tried} cannot be played now.` : ""
        }`;
      }
      return "You must follow suit: play a card of the suit that was led.";
    }
    case "must_play_trump":
      return ctx.trump
        ? `You asked for trump and you hold ${suitName(ctx.trump)}: you must play a ${suitSingular(ctx.trump)}.`
        : "You asked for trump and you hold a trump: you must play it.";
    case "not_your_turn":
      return "Please wait: it is not your turn yet.";
    case "card_not_in_hand":
      return tried ? `The ${tried} is not in your hand.` : "That card is not in your hand.";
    case "wrong_phase":
      return "That cannot be done at this moment of the game.";
    case "invalid_choice":
      return "Please choose hand A or hand B.";
    case "invalid_position":
      return "There is no face-down card there. Please pick another card from the piles.";
    case "cannot_ask":
      return "You can ask for trump only when it is your turn and you have no card of the suit that was led.";
    case "invalid_card":
      return "That is not a card we know. Please pick a card again.";
    case "game_over":
      return "This game is over.";
    case "stale_version":
      return "The table changed a moment ago. It has been brought up to date: please look and try again.";
    case "invalid_input":
      return "Something in that request was not right. Please try again.";
    case "link_expired":
    case "link_invalid":
    case "invalid_link":
      return "This game link no longer works. Please ask for a new one.";
    case "not_authenticated":
      return "Please sign in again.";
    case "permission_denied":
      return "You are not allowed to do that.";
    case "not_found":
      return "This could not be found.";
    case "throttled":
      return "Too many attempts. Please wait a moment and try again.";
    case "invalid_credentials":
      return "The user name or the password is not right.";
    case "account_locked":
      return "This account is locked for a while after too many wrong passwords.";
    default:
      return "That move was not accepted. Please try again.";
  }
}

function safeName(card: string): string | null {
  try {
    return cardName(card);
  } catch {
    return null;
  }
}
