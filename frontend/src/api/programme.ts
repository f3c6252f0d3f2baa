// The calls about programme: a participant's dose ledger, the reason for a missed week,
// the participant's progress link, the study's prescription, and the participant's own page.

import { answer, typedApi } from "./client";
import type { components } from "./schema";

export type Ledger = components["schemas"]["Ledger"];
export type Prescription = components["schemas"]["Prescription"];
export type Programme = components["schemas"]["ProgrammeRequest"];
export type MissedReason = components["schemas"]["MissedReasonEnum"];
export type Progress = components["schemas"]["ParticipantProgress"];

const path = (id: number) => ({ params: { path: { id } } });

export const getLedger = (id: number) =>
  answer(typedApi.GET("/api/participants/{id}/dose/", path(id)));

export const recordMissed = (id: number, week: number, reason: MissedReason) =>
  answer(
    typedApi.POST("/api/participants/{id}/dose/missed/", { ...path(id), body: { week, reason } }),
  );

export const issueProgressLink = (id: number) =>
  answer(typedApi.POST("/api/participants/{id}/progress-link/", path(id)));

export const getStudyProgramme = (id: number) =>
  answer(typedApi.GET("/api/studies/{id}/programme/", path(id)));

export const setStudyProgramme = (id: number, body: Programme) =>
  answer(typedApi.PUT("/api/studies/{id}/programme/", { ...path(id), body }));

export const getProgress = (token: string) =>
  answer(typedApi.GET("/api/progress/{token}/", { params: { path: { token } } }));

export type Flow = components["schemas"]["Flow"];

export const getFlow = (id: number) => answer(typedApi.GET("/api/studies/{id}/flow/", path(id)));
