// The shapes of the tables API (docs/live-protocol.asyncapi.yaml and the OpenAPI schema): a table
// is a game with several people, one seat each, every person seat with its own device link.

import type { MemulationState, MendikotState, RecentEvent, SeatView } from "../../game/types";

export type SeatKind = "participant" | "clinician" | "bot";

/** Who sits at a seat, as every device and the spectator may see it (labels are participant
 * codes, "Clinician" or "Computer": never a name). */
export interface PublicSeat {
  seat: number;
  kind: SeatKind | string;
  label: string;
  joined: boolean;
}

/** A seat as the clinician who opened the table sees it: with its session and device link. */
export interface TableSeat extends PublicSeat {
  session: number | null;
  link: string | null;
}

export interface TableBody {
  game: number;
  game_type: "memulation" | "mendikot";
  status: "waiting" | "active" | "finished" | "abandoned" | string;
  seats: TableSeat[];
  /** The spectator page's path. */
  watch: string;
}

export type SeatRequest =
  | { kind: "participant"; participant: number }
  | { kind: "clinician" }
  | { kind: "bot" };

export interface TableRequest {
  protocol: number;
  seats: SeatRequest[];
}

/** The seat view's ``table`` block: null for a game of one participant. */
export interface TableBlock {
  seats: PublicSeat[];
  you: number;
}

export type TableSeatView = SeatView & { table?: TableBlock | null };

/** The spectator's view: public information while the game runs, the full record after. */
export interface WatchView {
  id: number;
  game_type: "memulation" | "mendikot";
  status: string;
  version: number;
  seats: PublicSeat[];
  examination: {
    round: number;
    deal: number;
    hand: "A" | "B";
    planned_seconds: number;
    seconds_left: number;
    waiting?: boolean;
  } | null;
  state: WatchState;
  recent: RecentEvent[];
  record: GameRecordBody | null;
}

export type WatchState =
  | (Omit<MemulationState, "seat"> & { seat: null })
  | (Omit<MendikotState, "seat"> & { seat: null });

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
