// A finished game's review (GET /api/games/{game_id}/review/): the record of every round,
// the examination and the 'Stragedy, and the solver's verdicts once its analysis is stored.

export type Trick = {
  cards: (string | { card: string; seat: number })[];
  leader: number;
  winner: number;
};
export type SolverTrick = {
  trick: number;
  plays: { seat: number; card: string; best: string[] | string | null; lost: number }[];
};
export type SolverDeal = { round: number; deal: number; tricks: SolverTrick[] };

export interface GameReview {
  game_id: number;
  session_id: number;
  game_type: "memulation" | "mendikot";
  participant_seat: number;
  seats: string[];
  record: { rounds: ReviewRound[] };
  examination: {
    round: number;
    deal: number;
    hand: string;
    planned_seconds: number;
    actual_seconds: number;
    ended_early: boolean;
    sorts: number;
  }[];
  stragedy: {
    round: number;
    intended_card: string | null;
    revealed_card: string;
    pile: number;
    trick: number;
    card_index: number;
    hit: boolean;
  }[];
  analysis_status: "ready" | "pending" | "none";
  analysis: SolverDeal[] | null;
}

export interface ReviewRound {
  round: number;
  deals?: {
    dealt: Record<string, string[]>;
    hands: Record<string, string[]>;
    hand_a_seat: number;
    pritticut: string;
    trump: string;
    wild: string;
    tricks: Trick[];
    tricks_won: Record<string, number>;
  }[];
  hands?: Record<string, string[]>;
  trump?: string;
  trump_revealed?: { seat: number; trick: number } | null;
  tricks?: Trick[];
  tricks_won?: Record<string, number>;
}
