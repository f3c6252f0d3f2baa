// Shapes of the API's bodies. Those the schema describes are generated (src/api/schema.ts, by
// `make types`); the metrics and exports shapes below are still written by hand.

import type { components } from "./schema";

/** The bodies the API describes, generated from its OpenAPI schema (`make types`). */
type Schemas = components["schemas"];

export type Role = Schemas["RoleEnum"];
export type Me = Schemas["Me"];
export type Challenge = Schemas["Challenge"];
export type Factors = Schemas["Factors"];
export type AuditEntry = Schemas["AuditEntry"];
export type Study = Schemas["Study"];
export type Adaptive = Schemas["Adaptive"];
export type Protocol = Schemas["Protocol"];
/** What a new protocol (or a new version of one) is made from. */
export type ProtocolWrite = Schemas["ProtocolWriteRequest"];
export type Participant = Schemas["Participant"];
export type TrainingSession = Schemas["Session"];
/** The protocol's settings as they were when a session began (the schema leaves them open). */
export type ProtocolSnapshot = Partial<
  Pick<Protocol, "name" | "version" | "game" | "examination_seconds">
> & { adaptive?: { enabled?: boolean } };
export type GameSummary = Schemas["GameSummary"];
export type PlayLink = Schemas["PlayLink"];
export type PracticeState = Schemas["Practice"];
export type Note = Schemas["ClinicianNote"];
export type StaffMember = Schemas["Staff"];

/** A game endpoint's answer, and the parts of it (see docs/rules.md for what a seat sees). */
export type SeatViewBody = Schemas["SeatView"];
export type GameViewBody = Schemas["GameView"];
export type SeatEventBody = Schemas["SeatEvent"];

// --- metrics (contract) ---------------------------------------------------------------------

export interface MetricSummary {
  key: string;
  label: string;
  definition?: string;
  unit: string;
  direction: "higher_better" | "lower_better" | "neutral";
  latest: number | null;
  baseline: number | null;
  series: (number | null)[];
  trend: {
    slope: number | null;
    ci_low: number | null;
    ci_high: number | null;
    arrow: "up" | "down" | "flat";
    reading: string;
  } | null;
  rci: ReliableChange | null;
  z_cohort: number | null;
  z_norm: number | null;
  z_reading: string | null;
  latest_n?: number | null;
  min_trials?: number;
  chance_level?: number | null;
  /** The latest session's 95% interval, for the measures estimated with one (memory fidelity). */
  interval?: { low: number; high: number; informative?: number } | null;
}

/** A reliable-change estimate and every input it rests on (see apps/metrics/trends.py). */
export interface ReliableChange {
  value: number | null;
  corrected: number | null;
  reliable: boolean;
  status: "ok" | "neutral" | "not_enough_sessions" | "not_enough_trials" | "no_reliability";
  reading: string;
  k?: number;
  trials_baseline?: number;
  trials_latest?: number;
  min_trials?: number;
  sd?: number;
  reliability?: number;
  source?: string;
  practice_gain?: number | null;
  practice_source?: string | null;
}

export interface AdaptiveChange {
  session: number;
  examination_seconds: number | null;
  opponent_level: number | null;
  reason: string;
  at: string;
}

export interface ParticipantSummary {
  participant: Partial<Participant>;
  metrics: MetricSummary[];
  adaptive: AdaptiveChange[];
}

export interface MetricSeries {
  key: string;
  label: string;
  unit: string;
  direction: "higher_better" | "lower_better" | "neutral";
  definition: string;
  series: {
    session: number;
    session_id: number;
    date: string;
    value: number | null;
    rolling_mean: number | null;
  }[];
}

export interface AnalysisPlay {
  seat: number;
  card: string;
  actor: string;
  values?: Record<string, number> | null;
  best?: number | null;
  lost?: number | null;
}

export interface AnalysisTrick {
  trick: number;
  leader: number;
  winner: number;
  plays: AnalysisPlay[];
}

export interface AnalysisDeal {
  round: number;
  deal: number;
  hand_choice?: Record<string, unknown> | null;
  stragedy?: Record<string, unknown> | null;
  tricks: AnalysisTrick[];
}

export interface SessionAnalysis {
  session: number | Record<string, unknown>;
  /** Session-level values (the metrics API adds them beside the games'). */
  metrics?: Record<string, number | null>;
  games: {
    game_id: number;
    game_type: string;
    status?: string;
    participant_seat?: number;
    metrics: Record<string, number | null>;
    /** The contract puts the solver's deals here... */
    deals?: AnalysisDeal[];
    /** ...the metrics API nests them (null until the solver has run). */
    analysis?: { deals?: AnalysisDeal[] } | null;
  }[];
}

export interface CatalogueEntry {
  key: string;
  label: string;
  definition: string;
  unit: string;
  direction: "higher_better" | "lower_better" | "neutral";
}

export type ExportJob = Schemas["Export"];
