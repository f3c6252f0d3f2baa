// The calls about studies: studies, their protocols, the sessions and participants a study
// holds, its clinical team and its cohort.

import { answer, answerAs, typedApi } from "./client";
import type { components } from "./schema";
import type { CohortMetric, ProtocolWrite } from "./types";

type Id = number | string;

export const listStudies = () =>
  answer(typedApi.GET("/api/studies/", { params: { query: { page_size: 200 } } }));

export const createStudy = (body: { name: string; description: string }) =>
  answer(typedApi.POST("/api/studies/", { body }));

export const getStudy = (id: Id) =>
  answer(typedApi.GET("/api/studies/{id}/", { params: { path: { id: Number(id) } } }));

/** What a study declares it will claim (refused once a session is completed). */
export type ClaimsWrite = Required<
  Pick<
    components["schemas"]["PatchedStudyWriteRequest"],
    "primary_metrics" | "assessment_points" | "retest_interval_days"
  >
>;

export const setClaims = (id: Id, body: ClaimsWrite) =>
  answer(typedApi.PATCH("/api/studies/{id}/", { params: { path: { id: Number(id) } }, body }));

export const listProtocols = (studyId: Id) =>
  answer(
    typedApi.GET("/api/studies/{id}/protocols/", {
      params: { path: { id: Number(studyId) }, query: { page_size: 200 } },
    }),
  );

export const createProtocol = (studyId: Id, body: ProtocolWrite) =>
  answer(
    typedApi.POST("/api/studies/{id}/protocols/", {
      params: { path: { id: Number(studyId) } },
      body,
    }),
  );

export const listStudySessions = (studyId: Id) =>
  answer(
    typedApi.GET("/api/sessions/", {
      params: { query: { study: Number(studyId), page_size: 500 } },
    }),
  );

export const listStudyParticipants = (studyId: Id) =>
  answer(
    typedApi.GET("/api/participants/", {
      params: { query: { study: Number(studyId), page_size: 500 } },
    }),
  );

export const setClinicians = (participantId: number, clinicians: number[]) =>
  answer(
    typedApi.PATCH("/api/participants/{id}/", {
      params: { path: { id: participantId } },
      body: { clinicians },
    }),
  );

export const listClinicians = () =>
  answer(typedApi.GET("/api/staff/", { params: { query: { role: "clinician" } } }));

export const getCohort = (studyId: Id) =>
  answerAs<{ study: number; participants: number; metrics: CohortMetric[] }>(
    typedApi.GET("/api/studies/{id}/cohort/", { params: { path: { id: Number(studyId) } } }),
  );

/** Open the study with arms: its concealed allocation is drawn, once. */
export const openStudy = (
  studyId: Id,
  body: {
    arms: { name: string; control: boolean; weight: number }[];
    eligibility_criteria: string[];
    design_open: boolean;
  },
) =>
  answer(
    typedApi.POST("/api/studies/{id}/open/", { params: { path: { id: Number(studyId) } }, body }),
  );
