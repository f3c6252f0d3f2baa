// What the session pages call a seat's player, by the server's code; a code not named here is
// shown as it is. Games and states: src/game/names.ts.

import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

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

/** Who sat at a seat or made a move: a participant, a clinician, a bot… */
export const playerName = (i18n: I18n, kind: string) => named(PLAYERS, i18n, kind);
