// A protocol as the researcher edits it: the settings a new one starts from, the opponents
// each game offers, and the body a draft is saved as.

import type { Protocol, ProtocolWrite } from "../../api/types";

/** A new protocol's settings until the researcher changes them. */
export const NEW_PROTOCOL: Partial<Protocol> = {
  name: "",
  game: "memulation",
  rounds: 1,
  examination_seconds: 30,
  roles: "cut",
  opponent: "greedy",
  opponent_level: 0.5,
  wild_tie: "leader",
  stragedy_intent: true,
  recall_probes: 0,
  practice_round: true,
  trump_rule: "hidden_ask",
  sessions_per_week: 3,
};

/** The opponents each game offers; the second is the default. */
export const OPPONENTS: Record<string, string[]> = {
  memulation: ["random", "greedy", "memory", "perfect"],
  mendikot: ["random", "heuristic", "tracker"],
};

/** A protocol being edited; a new version also says why it changes (the audit trail keeps it). */
export type ProtocolDraft = Partial<Protocol> & { reason?: string };

/** The body a draft is saved as (a new protocol, or a new version of one). */
export function protocolWrite(draft: ProtocolDraft): ProtocolWrite {
  return {
    ...(draft.reason ? { reason: draft.reason } : {}),
    // the form cannot be sent without a name (required, and the button is disabled)
    name: draft.name ?? "",
    game: draft.game,
    rounds: Number(draft.rounds),
    examination_seconds: Number(draft.examination_seconds),
    roles: draft.roles,
    // one of OPPONENTS, the schema's choices (the read body types it as a plain string)
    opponent: draft.opponent as ProtocolWrite["opponent"],
    opponent_level: Number(draft.opponent_level),
    wild_tie: draft.wild_tie,
    stragedy_intent: draft.stragedy_intent,
    recall_probes: draft.game === "memulation" ? Number(draft.recall_probes ?? 0) : 0,
    practice_round: draft.practice_round,
    trump_rule: draft.trump_rule,
    sessions_per_week: Number(draft.sessions_per_week),
  };
}
