// The shapes of the tables API (docs/live-protocol.asyncapi.yaml and the OpenAPI schema): a table
// is a game with several people, one seat each, every person seat with its own device link.

import type { components } from "../api/schema";
import type { MemulationState, MendikotState, SeatView } from "./types";

type Schemas = components["schemas"];

export type SeatKind = Schemas["SeatKindEnum"];

/** Who sits at a seat, as every device and the spectator may see it (labels are participant
 * codes, "Clinician" or "Computer": never a name). */
export type PublicSeat = Schemas["TableSeat"];

/** A seat as the spectator sees it: who sits there, whether the computer plays it, and its
 * person's presence (device connected, seconds since last heard from). */
export type WatchSeat = Schemas["WatchSeat"];

/** A seat as the clinician who opened the table sees it: with its session and device link. */
export type TableSeat = Schemas["TableStaffSeat"];

export type TableBody = Schemas["Table"];

/** What the clinician may do to a table (``POST /api/tables/{id}/control/``). */
export type TableControl = Schemas["TableControlActionEnum"];

/** What a typed join code opens: the device page of its link. */
export type JoinLink = Schemas["JoinLink"];

export type SeatRequest =
  { kind: "participant"; participant: number } | { kind: "clinician" } | { kind: "bot" };

export interface TableRequest {
  protocol: number;
  seats: SeatRequest[];
}

/** The seat view's ``table`` block: null for a game of one participant. */
export type TableBlock = Schemas["TableBlock"];

export type TableSeatView = SeatView & { table?: TableBlock | null };

/** The spectator's view: public information while the game runs, the full record after (the
 * schema leaves the state and the record open: their shapes are the engine's). */
export type WatchView = Omit<Schemas["WatchView"], "state" | "record"> & {
  state: WatchState;
  record: GameRecordBody | null;
};

export type WatchState =
  (Omit<MemulationState, "seat"> & { seat: null }) | (Omit<MendikotState, "seat"> & { seat: null });

export interface RecordTrick {
  leader: number;
  winner: number;
  cards: (string | { seat: number; card: string; trump?: boolean })[];
}

export interface RecordRound {
  round: number;
  /** Memulation: the Old Deal and the New Deal. */
  deals?: {
    hands?: Record<string, string[]>;
    dealt?: Record<string, string[]>;
    pritticut?: string | null;
    trump?: string | null;
    wild?: string | null;
    tricks: RecordTrick[];
    tricks_won?: Record<string, number>;
  }[];
  /** Mendikot. */
  hands?: Record<string, string[]>;
  trump?: string | null;
  tricks?: RecordTrick[];
  tens?: Record<string, number>;
  tricks_won?: Record<string, number>;
}

export interface GameRecordBody {
  game: string;
  finished: boolean;
  match_score?: Record<string, number>;
  match_wins?: Record<string, number>;
  rounds: RecordRound[];
}

// What the form sends is a body the schema accepts.
type Accepts<T, U extends T> = U;
export type TableRequestsAreRequests = Accepts<Schemas["TableCreateRequest"], TableRequest>;
