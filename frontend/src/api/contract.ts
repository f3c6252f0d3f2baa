// The participant table's own view types (src/game/types.ts) must accept every body the schema
// describes: the build fails here when the server sends something they do not expect.

import type { ActionBody, ExaminationBody, ProbeBody, SeatView } from "../game/types";
import type { components } from "./schema";
import type { SeatViewBody } from "./types";

type Accepts<T, U extends T> = U;

export type GameViewsAcceptTheSchema = Accepts<SeatView, SeatViewBody>;
// ...and what the table sends is a body the schema accepts.
export type ActionsAreRequests = Accepts<components["schemas"]["ActionRequest"], ActionBody>;
export type ExaminationEventsAreRequests = Accepts<
  components["schemas"]["ExaminationEventRequest"],
  ExaminationBody
>;
export type ProbeAnswersAreRequests = Accepts<
  components["schemas"]["ProbeAnswerRequest"],
  ProbeBody
>;
