// What the session pages call a game, a status and a seat's player, by the server's codes; a
// code not named here is shown as it is.

import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

// The games' own names, the same in every language.
const MEMULATION = "Memulation";
const MENDIKOT = "Mendikot";
const GAMES: Record<string, string> = { memulation: MEMULATION, mendikot: MENDIKOT };

export const gameName = (game: string) => GAMES[game] ?? game;

const STATUSES: Record<string, MessageDescriptor> = {
  scheduled: msg`scheduled`,
  started: msg`started`,
  completed: msg`completed`,
  waiting: msg`waiting for players`,
  active: msg`in play`,
  paused: msg`paused`,
  finished: msg`finished`,
  abandoned: msg`abandoned`,
};

const PLAYERS: Record<string, MessageDescriptor> = {
  participant: msg`participant`,
  person: msg`player`,
  clinician: msg`clinician`,
  bot: msg`bot`,
  takeover: msg`stand-in opponent`,
  clock: msg`clock`,
};

function named(names: Record<string, MessageDescriptor>, i18n: I18n, code: string): string {
  return code in names ? i18n._(names[code]) : code;
}

/** A session's or a game's status. */
export const statusName = (i18n: I18n, status: string) => named(STATUSES, i18n, status);
/** Who sat at a seat or made a move: a participant, a clinician, a bot… */
export const playerName = (i18n: I18n, kind: string) => named(PLAYERS, i18n, kind);
