// A protocol as the researcher edits it: the settings a new one starts from, the opponents
// each game offers, and the body a draft is saved as.

import type { Adaptive, Protocol, ProtocolWrite } from "../../api/types";

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
  opponent_pace_seconds: 2,
  turn_seconds: null,
  takeover_seconds: 60,
  takeover_level: 0.5,
  adaptive: undefined,
};

/** Adaptive difficulty's settings until the researcher changes them (the server's defaults). */
export const ADAPTIVE_DEFAULTS: Adaptive = {
  enabled: false,
  target_recall: 0.8,
  step_seconds: 5,
  min_seconds: 10,
  max_seconds: 120,
  adjust_opponent: false,
};

/** An empty field is "none" (no turn timer, never taken over); otherwise a number. */
function optionalNumber(value: unknown): number | null {
  return value === null || value === undefined || value === "" ? null : Number(value);
}

/** A protocol's settings in a line of words, for the protocol list. */
export function settingsWords(p: Protocol): string[] {
  const words = [
    `${p.rounds} round${p.rounds === 1 ? "" : "s"}`,
    `${p.examination_seconds} s examination`,
    p.game === "memulation" ? `roles ${p.roles}` : `trump ${p.trump_rule}`,
    `opponent ${p.opponent} (${p.opponent_level})`,
    `opponent pace ${p.opponent_pace_seconds ?? 2} s`,
    p.turn_seconds ? `turn timer ${p.turn_seconds} s` : "no turn timer",
    p.takeover_seconds
      ? `takeover after ${p.takeover_seconds} s (level ${p.takeover_level ?? 0.5})`
      : "no takeover",
  ];
  if (p.game === "memulation")
    words.push(p.recall_probes ? `${p.recall_probes} recall probes a point` : "no recall probes");
  const adaptive = p.adaptive;
  words.push(
    adaptive?.enabled
      ? `adaptive: target ${adaptive.target_recall}, step ${adaptive.step_seconds} s, ${adaptive.min_seconds}-${adaptive.max_seconds} s${adaptive.adjust_opponent ? ", opponent too" : ""}`
      : "adaptive off",
  );
  words.push(p.practice_round === false ? "no practice round" : "practice round");
  words.push(`${p.sessions_per_week}/week`);
  return words;
}

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
    opponent_pace_seconds: Number(draft.opponent_pace_seconds ?? 2),
    turn_seconds: optionalNumber(draft.turn_seconds),
    takeover_seconds: optionalNumber(draft.takeover_seconds),
    takeover_level: Number(draft.takeover_level ?? 0.5),
    adaptive: {
      ...ADAPTIVE_DEFAULTS,
      ...draft.adaptive,
      enabled: !!draft.adaptive?.enabled,
      target_recall: Number(draft.adaptive?.target_recall ?? ADAPTIVE_DEFAULTS.target_recall),
      step_seconds: Number(draft.adaptive?.step_seconds ?? ADAPTIVE_DEFAULTS.step_seconds),
      min_seconds: Number(draft.adaptive?.min_seconds ?? ADAPTIVE_DEFAULTS.min_seconds),
      max_seconds: Number(draft.adaptive?.max_seconds ?? ADAPTIVE_DEFAULTS.max_seconds),
    },
  };
}
