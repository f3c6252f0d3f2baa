// The calls about play: a seat's view and the moves sent from it, by single-game link on a
// participant device, or by game id on a staff device handed over.

import { answerAs, typedApi } from "./client";
import type { SeatViewBody } from "./types";
import type { ClientFacts } from "../game/actionQueue";
import type { ActionBody, ExaminationBody, ProbeBody, SeatView } from "../game/types";

// The client's answer types widen the schema's tuples (a pile's [boolean, boolean]) to arrays;
// the body is the schema's SeatView, which the table's SeatView accepts (api/contract.ts).
const view = (pending: Parameters<typeof answerAs>[0]) => answerAs<SeatViewBody>(pending);

export type SeatTarget = { token: string } | { gameId: number | string };

export interface SeatCalls {
  get(): Promise<SeatView>;
  act(body: ActionBody & ClientFacts): Promise<SeatView>;
  examine(body: ExaminationBody & ClientFacts): Promise<SeatView>;
  probe(body: ProbeBody & ClientFacts): Promise<SeatView>;
}

/** ``/api/play/{token}/`` for a participant device (the link is the credential, no cookies
 * needed), ``/api/games/{id}/`` for staff handing over their own signed-in device. */
export function seatCalls(target: SeatTarget): SeatCalls {
  if ("token" in target) {
    const seat = { params: { path: { token: target.token } } };
    return {
      get: () => view(typedApi.GET("/api/play/{token}/", seat)),
      act: (body) => view(typedApi.POST("/api/play/{token}/actions/", { ...seat, body })),
      examine: (body) => view(typedApi.POST("/api/play/{token}/examination/", { ...seat, body })),
      probe: (body) => view(typedApi.POST("/api/play/{token}/probes/", { ...seat, body })),
    };
  }
  const seat = { params: { path: { game_id: Number(target.gameId) } } };
  return {
    get: () => view(typedApi.GET("/api/games/{game_id}/", seat)),
    act: (body) => view(typedApi.POST("/api/games/{game_id}/actions/", { ...seat, body })),
    examine: (body) => view(typedApi.POST("/api/games/{game_id}/examination/", { ...seat, body })),
    probe: (body) => view(typedApi.POST("/api/games/{game_id}/probes/", { ...seat, body })),
  };
}
