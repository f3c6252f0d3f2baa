// The calls about participants: the list and one participant, their summary and metric
// series, consent, the weekly plan, enrolment, notes, sessions and the printable report.

import { answer, answerAs, typedApi } from "./client";
import type { ParticipantSummary } from "./types";
import type { components } from "./schema";

type Id = number | string;

const participant = (id: Id) => ({ params: { path: { id: Number(id) } } });

export type Enrolment = components["schemas"]["ParticipantCreateRequest"];

export const listParticipants = (search: string) =>
  answer(
    typedApi.GET("/api/participants/", {
      params: { query: { page_size: 200, ...(search ? { search } : {}) } },
    }),
  );

export const getParticipant = (id: Id) =>
  answer(typedApi.GET("/api/participants/{id}/", participant(id)));

export const getSummary = (id: Id) =>
  answerAs<ParticipantSummary>(typedApi.GET("/api/participants/{id}/summary/", participant(id)));

export const enrol = (body: Enrolment) => answer(typedApi.POST("/api/participants/", { body }));

/** The participant's own weekly plan; null: the prescribed dose, else the study's protocol
 * plan, applies. */
export const setWeeklyPlan = (id: Id, sessionsPerWeek: number | null, reason: string) =>
  answer(
    typedApi.PATCH("/api/participants/{id}/", {
      ...participant(id),
      body: { sessions_per_week: sessionsPerWeek, reason },
    }),
  );

export const recordConsent = (id: Id, date: string, formVersion: string) =>
  answer(
    typedApi.POST("/api/participants/{id}/consent/", {
      ...participant(id),
      body: { date, form_version: formVersion },
    }),
  );

export const listSessions = (id: number) =>
  answer(
    typedApi.GET("/api/sessions/", { params: { query: { participant: id, page_size: 100 } } }),
  );

export const listNotes = (id: Id) =>
  answer(typedApi.GET("/api/participants/{id}/notes/", participant(id)));

export const addNote = (id: Id, text: string) =>
  answer(typedApi.POST("/api/participants/{id}/notes/", { ...participant(id), body: { text } }));

/** The participant's results as an HL7 FHIR R4 bundle, for the clinic's records system. */
export const fhirUrl = (id: number) => `/api/participants/${id}/fhir/`;

/** The printable report's address (a PDF drawn on the server); clinician notes when asked. */
export const reportUrl = (id: number, notes: boolean) =>
  `/api/participants/${id}/report/${notes ? "?notes=true" : ""}`;
