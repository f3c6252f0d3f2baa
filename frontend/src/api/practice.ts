// The practice round's requests (the pages never spell out /api paths).

import { api } from "./client";
import type { PracticeState, SeatViewBody } from "./types";

export const practiceKey = (sessionId: string | number) => ["practice", String(sessionId)];

export type { PracticeState };

export function practiceState(sessionId: string | number): Promise<PracticeState> {
  return api.get<PracticeState>(`/api/sessions/${sessionId}/practice/`);
}

export function practiceStart(sessionId: string | number): Promise<SeatViewBody> {
  return api.post<SeatViewBody>(`/api/sessions/${sessionId}/practice/`);
}
