// The calls about assessment visits: the blinded assessor's worklist and recording a visit,
// and the study owners' assessors and visit windows.

import { answer, typedApi } from "./client";
import type { components } from "./schema";

export type Visit = components["schemas"]["Visit"];
export type VisitListItem = components["schemas"]["VisitListItem"];
export type VisitRecord = components["schemas"]["VisitRecordRequest"];
export type VisitStatus = components["schemas"]["VisitStatusEnum"];
export type VisitMissedReason = components["schemas"]["VisitMissedReasonEnum"];
export type PointWindow = components["schemas"]["PointWindow"];
export type VisitWindowChoice = components["schemas"]["VisitWindowRequest"];
export type Assessor = components["schemas"]["Assessor"];

const byId = (id: number) => ({ params: { path: { id } } });

export const listVisits = () => answer(typedApi.GET("/api/visits/", {}));

export const recordVisit = (participant: number, point: number, body: VisitRecord) =>
  answer(
    typedApi.POST("/api/participants/{id}/visits/{point_id}/", {
      params: { path: { id: participant, point_id: point } },
      body,
    }),
  );

export const getAssessors = (study: number) =>
  answer(typedApi.GET("/api/studies/{id}/assessors/", byId(study)));

export const setAssessors = (study: number, assessors: number[]) =>
  answer(
    typedApi.PUT("/api/studies/{id}/assessors/", {
      ...byId(study),
      body: { assessors },
    }),
  );

export const listAssessorAccounts = () =>
  answer(typedApi.GET("/api/staff/", { params: { query: { role: "assessor" } } }));

export const getVisitWindows = (study: number) =>
  answer(typedApi.GET("/api/studies/{id}/visit-windows/", byId(study)));

export const setVisitWindows = (study: number, windows: VisitWindowChoice[]) =>
  answer(
    typedApi.PUT("/api/studies/{id}/visit-windows/", {
      ...byId(study),
      body: { windows },
    }),
  );

export const getParticipantVisits = (participant: number) =>
  answer(typedApi.GET("/api/participants/{id}/visits/", byId(participant)));
