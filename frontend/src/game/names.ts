// The server's codes for a game and for a session's or a game's state, in the reader's words;
// a code not named here is shown as it is.

import { i18n } from "@lingui/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

// The games' own names, the same in every language.
const MEMULATION = "Memulation";
const MENDIKOT = "Mendikot";
const GAMES: Record<string, string> = { memulation: MEMULATION, mendikot: MENDIKOT };

export const gameName = (game: string): string => GAMES[game] ?? game;

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

/** A session's or a game's state. */
export const statusName = (status: string): string =>
  Object.hasOwn(STATUSES, status) ? i18n._(STATUSES[status]) : status;
