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

/** One session of a reading's series: its own number, as every page numbers it. */
export interface SeriesPoint {
  session: number;
  session_id: number;
  date: string | null;
  value: number | null;
  /** Observations behind the value. */
  n: number;
  /** Whether a reading may rest on it (min_trials observations, not withheld). */
  counted: boolean;
  adaptive?: boolean;
}

/** A trend over sessions (see apps/metrics/readings.py). */
export interface Trend {
  status:
    | "ok"
    | "not_enough_points"
    | "no_variation"
    | "no_fit"
    | "exact_line"
    | "staircase"
    | "protocol_differs";
  points: number;
  min_points: number;
  value?: number;
  scale?: "linear" | "logit";
  slope?: number;
  ci_low?: number;
  ci_high?: number;
  p?: number;
  p_adjusted?: number;
  family?: number;
  first_session?: number;
  last_session?: number;
  fitted_first?: number;
  fitted_last?: number;
  change?: number;
  change_low?: number;
  change_high?: number;
  /** Up or down only when the corrected p is below 0.05. */
  arrow?: "up" | "down" | "flat";
  /** protocol_differs: the settings that changed, at session ``settings_from``. */
  differs?: string[];
  settings_from?: number;
  /** An exploratory trend: the earlier sessions left out, played with other settings. */
  left_out?: {
    sessions: number;
    /** The last session left out. */
    session: number;
    differs: string[];
    protocol: Record<string, unknown>;
    settings_from: number;
    latest_protocol: Record<string, unknown>;
  };
}

/** A reliable change between the baseline and an assessment point, with its inputs. */
export interface PointChange {
  status:
    | "ok"
    | "not_reached"
    | "no_value"
    | "protocol_differs"
    | "adaptive"
    | "not_enough_trials"
    | "no_reliability"
    | "no_practice";
  missing?: string;
  baseline?: number;
  baseline_session?: number;
  baseline_n?: number;
  value?: number;
  session?: number;
  n?: number;
  practice_gain?: number | null;
  practice_n?: number;
  sd?: number;
  reliability?: number;
  reliability_source?: string;
  s_diff?: number;
  rci?: number;
  p?: number;
  p_adjusted?: number;
}

/** A primary measure's readings at one assessment point. */
export interface AssessmentReading {
  point: number;
  kind: "baseline" | "post_training" | "follow_up";
  label: string;
  when: string;
  session: number | null;
  change: PointChange | null;
  trend: Trend | null;
  reading: string;
  words: string[];
}

/** A z-score and everything it rests on. */
export interface Comparison {
  session: number | null;
  value: number | null;
  norm: {
    z: number;
    mean: number;
    sd: number;
    n: number;
    source: string;
    age_band: string;
    protocol: Record<string, string | number>;
  } | null;
  /** Crawford and Howell's test against the control arm: t on df, p, the share estimated below. */
  cohort: {
    z: number;
    t: number;
    df: number;
    p: number;
    below: number;
    mean: number;
    sd: number;
    n: number;
    session: number;
  } | null;
  reading: string;
}

/** One metric of one game as the dashboard reads it. */
export interface MetricSummary {
  key: string;
  game: "memulation" | "mendikot";
  label: string;
  definition?: string;
  /** What it means in plain words (the definition where there are none). */
  plain?: string;
  unit: string;
  direction: "higher_better" | "lower_better" | "neutral";
  /** primary: read only at the study's assessment points; exploratory: every other. */
  role: "primary" | "exploratory";
  latest: number | null;
  latest_n: number;
  latest_session: number | null;
  min_trials: number;
  counted: number;
  series: SeriesPoint[];
  trend: Trend | null;
  assessments: AssessmentReading[];
  z: Comparison | null;
  withheld: string | null;
  /** The flag words shown: "reliable improvement", "decline", ... (primary readings only). */
  words: string[];
  reading: string;
  chance_level?: number | null;
  /** The latest session's interval, for the measures estimated with one (memory fidelity). */
  interval?: {
    low: number;
    high: number;
    informative?: number;
    /** The games it pools: its label gives the coverage measured for as many. */
    games?: number;
    label?: string;
  } | null;
}

/** A measure of a study's cohort (see apps/metrics/cohort.py). */
export interface CohortMetric {
  key: string;
  game: string;
  label: string;
  unit: string;
  n: number;
  mean: number | null;
  sd: number | null;
  primary: boolean;
  retest: {
    declared: boolean;
    interval_days: number | null;
    pairs: number;
    icc: number | null;
    icc_low: number | null;
    icc_high: number | null;
    passes: boolean;
    missing: string | null;
  };
  assessment_points: {
    point: number;
    kind: string;
    label: string;
    when: string;
    control_n: number;
    practice_gain: number | null;
    practice_sd: number | null;
    control_rci_n: number;
    control_rci_sd: number | null;
    control_rci_sd_low: number | null;
    control_rci_sd_high: number | null;
  }[];
}

export interface Claims {
  primary_metrics: string[];
  assessment_points: { id: number; kind: string; label: string; when: string }[];
  retest_interval_days: number | null;
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
  claims: Claims;
  /** Every flag word shown, with its measure: "reliable decline: Tricks won". */
  words: string[];
  metrics: MetricSummary[];
  adaptive: AdaptiveChange[];
}

export interface MetricSeries {
  key: string;
  label: string;
  unit: string;
  direction: "higher_better" | "lower_better" | "neutral";
  definition: string;
  games: { game: string; label: string; series: SeriesPoint[]; trend: Trend | null }[];
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
  plain: string;
  unit: string;
  direction: "higher_better" | "lower_better" | "neutral";
  /** May a study declare it a primary measure. */
  claimable: boolean;
}

export type ExportJob = Schemas["Export"];
