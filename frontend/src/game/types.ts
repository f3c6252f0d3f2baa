// The seat view every game endpoint answers with (apps/games/services.py seat_view()).

export type Seat = number;
export type TeamDict = Record<string, number>;

export interface ExaminationClock {
  round: number;
  deal: number;
  hand: "A" | "B";
  planned_seconds: number;
  seconds_left: number;
  /** Hand A is ready but its clock waits for this device to show it (a "start" event). */
  waiting?: boolean;
  /** Seconds until the hand is shown (the pause after a deal's last trick); null while waiting. */
  starts_in_seconds?: number | null;
  ready: boolean;
}

export interface RecentEvent {
  type: string;
  [key: string]: unknown;
}

export interface MemulationState {
  game: "memulation";
  seat: Seat;
  phase: "examination" | "choose_hand" | "stragedy" | "play" | "finished";
  to_act: Seat[];
  finished: boolean;
  round: number;
  rounds: number;
  deal: number;
  lucky_duck: Seat;
  lame_duck: Seat;
  roles_method: string;
  /** The cards cut for the roles, [seat 0's, seat 1's] per cut (ties cut again); until play. */
  roles_cut?: string[][] | null; // each draw: [seat 0's card, seat 1's card]
  options: { stragedy_intent?: boolean; examination_seconds?: number; wild_tie?: string };
  examination: { done: boolean; hand: "A" | "B" | null; cards: string[] | null } | null;
  hand: string[] | null;
  hand_label: "A" | "B" | null;
  hand_counts: TeamDict | null;
  pritticut: string | null;
  trump: string | null;
  wild: string | null;
  trick: { number: number; leader: Seat; cards: string[] } | null;
  /** The deal's last trick taken, during play (the server's view: it survives a reload). */
  last_trick?: { number: number; leader: Seat; cards: string[]; winner: Seat } | null;
  piles: TeamDict;
  old_piles: Record<string, [boolean, boolean][]> | null;
  stragedy: {
    pile: number;
    trick: number;
    card: number;
    revealed: string;
    intended?: string | null;
  } | null;
  legal: string[];
  deal_scores: TeamDict[];
  round_score: TeamDict;
  match_score: TeamDict;
  rounds_played: {
    round: number;
    lucky_duck: Seat;
    score: TeamDict;
    deal_scores: TeamDict[];
  }[];
}

export interface MendikotTrickCard {
  seat: Seat;
  card: string;
  trump?: boolean;
}

export interface MendikotState {
  game: "mendikot";
  seat: Seat;
  team: number;
  phase: "hide_trump" | "play" | "finished";
  to_act: Seat[];
  finished: boolean;
  round: number;
  rounds: number;
  dealer: Seat;
  trump_rule: "turn_up" | "hidden_reveal" | "hidden_ask" | "first_void";
  turn_up: string | null;
  trump: string | null;
  trump_revealed: { trick: number; seat: Seat } | null;
  trump_hidden: boolean;
  hidden_trump: string | null;
  hidden_owner: Seat | null;
  hand: string[];
  hand_counts: TeamDict;
  trick: { number: number; leader: Seat; cards: MendikotTrickCard[] } | null;
  /** The round's last trick taken, during play. */
  last_trick?: {
    number: number;
    leader: Seat;
    cards: { seat: Seat; card: string }[];
    winner: Seat;
  } | null;
  tricks_won: TeamDict;
  /** Not in the view yet (see the report); counted from trick_won events when missing. */
  tens?: TeamDict;
  legal: string[];
  can_ask: boolean;
  match_wins: TeamDict;
  rounds_played: {
    round: number;
    dealer: Seat;
    trump: string | null;
    tens: TeamDict;
    tricks_won: TeamDict;
    winner: number;
    result: string;
    next_dealer: Seat;
  }[];
}

export interface TurnClock {
  to_act: Seat[];
  started_at: string;
  /** Seats to act whose move the server makes: opponents, seats taken over. */
  thinking: Seat[];
  thinking_until: string | null;
  /** When a person's turn timer runs out (null: no timer). */
  deadline: string | null;
  seconds_left: number | null;
  next_due_in_seconds: number | null;
}

export interface SeatView<S = MemulationState | MendikotState> {
  id: number;
  game_type: "memulation" | "mendikot";
  /** A practice round before the participant's first real game (not counted). */
  practice?: boolean;
  // open to statuses the server may add
  status: "waiting" | "active" | "paused" | "finished" | "abandoned" | (string & {});
  version: number;
  seat: Seat;
  seats: {
    seat: Seat;
    kind: string;
    bot?: string | null;
    state?: "person" | "taken_over" | "bot";
    /** Why the computer plays a person's seat: silent (back when they send anything) or
     * clinician (until the clinician gives it back). */
    taken_over_by?: "silent" | "clinician" | null;
  }[];
  /** The person seats the table waits for now (a move, a hand to examine, a probe's answer). */
  waiting_for?: Seat[];
  /** Seconds until the game changes with no one acting (null: it waits for a person). */
  next_change_in_seconds?: number | null;
  examination: ExaminationClock | null;
  /** Whose turn it is on the server clock (null during an examination and after the game). */
  turn?: TurnClock | null;
  /** A recall probe waiting for the participant's answer (the game waits for it). */
  probe?: PendingProbe | null;
  state: S;
  recent: RecentEvent[];
}

export type MemulationView = SeatView<MemulationState>;
export type MendikotView = SeatView<MendikotState>;

export interface ActionBody {
  type: "play" | "choose_hand" | "stragedy" | "hide_trump" | "ask_trump";
  card?: string | number;
  hand?: "A" | "B";
  pile?: number;
  trick?: number;
  intended?: string;
}

export interface PendingProbe {
  kind: "where" | "which_hand";
  card: string;
  round: number;
  deal: number;
  number: number;
  of: number;
}

/** A where-probe's answer is a position (as in the 'Stragedy); a which-hand probe's, yes/no. */
export interface ProbeBody {
  pile?: number;
  trick?: number;
  card?: number;
  in_other_hand?: boolean;
}

export interface ExaminationBody {
  type: "start" | "ready" | "sort" | "page_hidden" | "page_visible";
  cards?: string[];
}
