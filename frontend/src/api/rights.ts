// A participant's rights: the access request (a copy of everything held about them, as a file)
// and erasure (the study's owners).

import { answer, typedApi } from "./client";
import type { components } from "./schema";

export type Erasure = components["schemas"]["Erasure"];

const byId = (id: number) => ({ params: { path: { id } } });

/** The access request as the file the server writes; a refusal is an ApiError as any other. */
export const getAccessRequest = (participant: number) =>
  answer(
    typedApi.GET("/api/participants/{id}/access-request/", {
      ...byId(participant),
      parseAs: "blob",
    }),
  );

export const eraseParticipant = (participant: number, reason: string) =>
  answer(
    typedApi.POST("/api/participants/{id}/erase/", {
      ...byId(participant),
      body: { reason },
    }),
  );
