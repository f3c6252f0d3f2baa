// A protocol as the researcher edits it: the settings a new one starts from, the opponents
// each game offers, and the body a draft is saved as.

import { i18n } from "@lingui/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import type { Adaptive, Protocol, ProtocolWrite } from "../../api/types";
import { formatNumber } from "../../i18n/format";

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

/** A protocol's settings in a line of words, for the protocol list (called while rendering). */
export function settingsWords(p: Protocol): string[] {
  const n = (value: number | null | undefined, fallback = 0) => formatNumber(value ?? fallback);
  const exam = n(p.examination_seconds);
  const roles = codeWords(ROLE_WORDS, p.roles);
  const trump = codeWords(TRUMP_WORDS, p.trump_rule);
  const opponent = opponentWords(p.opponent);
  const level = n(p.opponent_level);
  const pace = n(p.opponent_pace_seconds, 2);
  const turn = n(p.turn_seconds);
  const takeover = n(p.takeover_seconds);
  const takeoverLevel = n(p.takeover_level, 0.5);
  const rounds = p.rounds;
  const probes = p.recall_probes ?? 0;
  const words = [
    plural(rounds, { one: "# round", other: "# rounds" }),
    t`${exam} s examination`,
    p.game === "memulation" ? t`roles: ${roles}` : t`trump: ${trump}`,
    t`opponent ${opponent} (${level})`,
    t`opponent pace ${pace} s`,
    p.turn_seconds ? t`turn timer ${turn} s` : t`no turn timer`,
    p.takeover_seconds ? t`takeover after ${takeover} s (level ${takeoverLevel})` : t`no takeover`,
  ];
  if (p.game === "memulation")
    words.push(
      p.recall_probes
        ? plural(probes, {
            one: "# recall probe a point",
            other: "# recall probes a point",
          })
        : t`no recall probes`,
    );
  const adaptive = p.adaptive;
  if (adaptive?.enabled) {
    const target = n(adaptive.target_recall);
    const step = n(adaptive.step_seconds);
    const least = n(adaptive.min_seconds);
    const most = n(adaptive.max_seconds);
    words.push(
      adaptive.adjust_opponent
        ? t`adaptive: target ${target}, step ${step} s, ${least}-${most} s, opponent too`
        : t`adaptive: target ${target}, step ${step} s, ${least}-${most} s`,
    );
  } else words.push(t`adaptive off`);
  words.push(p.practice_round === false ? t`no practice round` : t`practice round`);
  const perWeek = n(p.sessions_per_week);
  words.push(t`${perWeek}/week`);
  return words;
}

// The opponents' names (codes the server takes) in the reader's words.
const OPPONENT_WORDS: Record<string, MessageDescriptor> = {
  random: msg`random`,
  greedy: msg`greedy`,
  memory: msg`memory`,
  perfect: msg`perfect`,
  heuristic: msg`heuristic`,
  tracker: msg`tracker`,
};

export function opponentWords(opponent: string): string {
  return OPPONENT_WORDS[opponent] ? i18n._(OPPONENT_WORDS[opponent]) : opponent;
}

// How a Memulation protocol decides the roles, and a Mendikot protocol's trump rule (codes the
// server takes), in the reader's words for the settings line.
const ROLE_WORDS: Record<NonNullable<Protocol["roles"]>, MessageDescriptor> = {
  cut: msg`cut for Lucky Duck each round`,
  participant_lucky: msg`participant always Lucky Duck`,
  participant_lame: msg`participant always Lame Duck`,
  alternate: msg`alternating by round`,
};

const TRUMP_WORDS: Record<NonNullable<Protocol["trump_rule"]>, MessageDescriptor> = {
  turn_up: msg`turned-up card`,
  hidden_reveal: msg`hidden, revealed on the first void`,
  hidden_ask: msg`hidden, revealed on request`,
  first_void: msg`set by the first void`,
};

/** A code's words; a code this page does not know yet (or none) shows as it is. */
function codeWords(words: Record<string, MessageDescriptor>, code: string | null | undefined) {
  if (!code) return "";
  return Object.hasOwn(words, code) ? i18n._(words[code]) : code;
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
