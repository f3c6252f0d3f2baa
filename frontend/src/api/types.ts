// Shapes of the staff API (see `manage.py spectacular`), and of the metrics/exports contract.

export type Role = "admin" | "researcher" | "clinician";

export interface Me {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  role: Role;
}

export interface Study {
  id: number;
  name: string;
  description: string;
  owners: number[];
  clinicians: number[];
  pseudonymisation_key_ref: string;
  created_at: string;
}

export interface Adaptive {
  enabled: boolean;
  target_recall: number;
  step_seconds: number;
  min_seconds: number;
  max_seconds: number;
  adjust_opponent: boolean;
}

export interface Protocol {
  id: number;
  study: number;
  name: string;
  version: number;
  game: "memulation" | "mendikot";
  rounds: number;
  examination_seconds: number;
  roles: string;
  opponent: string;
  opponent_level: number;
  wild_tie: string;
  stragedy_intent: boolean;
  trump_rule: string;
  sessions_per_week: number;
  adaptive: Partial<Adaptive>;
  created_by: number | null;
  created_at: string;
  session_count: number;
}

export interface Participant {
  id: number;
  study: number;
  study_name: string;
  code: string;
  age_band: string;
  group: string;
  arm?: string | null;
  clinicians: number[];
  consent_date: string | null;
  consent_form_version: string;
  consent_withdrawn_at: string | null;
  has_consent: boolean;
  examination_seconds_override: number | null;
  opponent_level_override: number | null;
  created_at: string;
  last_session_at: string | null;
  sessions_this_week: number;
  sessions_per_week_planned: number | null;
}

export interface TrainingSession {
  id: number;
  participant: number;
  participant_code: string;
  study: number;
  number: number;
  protocol: number;
  protocol_snapshot: Record<string, unknown>;
  conducted_by: number | null;
  status: "scheduled" | "started" | "completed" | "abandoned";
  scheduled_for: string | null;
  started_at: string | null;
  completed_at: string | null;
  abandoned_at: string | null;
  abandon_reason: string;
  created_at: string;
}

export interface GameSummary {
  id: number;
  game_type: "memulation" | "mendikot";
  status: string;
  created_at: string;
  finished_at: string | null;
  /** Seconds per hand this game examines with (Memulation; adaptive difficulty may set it). */
  examination_seconds?: number | null;
}

export interface PlayLink {
  token: string;
  path: string;
  expires_in_seconds: number;
}

export interface Note {
  id: number;
  participant: number;
  author: number;
  author_name: string;
  text: string;
  created_at: string;
}

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

export interface ExportJob {
  id: number;
  status: "queued" | "running" | "ready" | "failed" | "expired";
  progress?: { rows_done?: number; percent?: number } | null;
  download_url?: string | null;
  formats?: string[];
  filters?: Record<string, unknown>;
  created_at?: string;
  created_by?: number | string | null;
  finished_at?: string | null;
  error?: string | null;
}

export interface StaffMember {
  id: number;
  username: string;
  name: string;
  role: "admin" | "researcher" | "clinician";
}
