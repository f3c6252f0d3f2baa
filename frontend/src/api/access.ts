// The access review's calls (admins).

import { answer, typedApi } from "./client";

export const getAccessReview = () => answer(typedApi.GET("/api/access-review/"));

export const accessReviewCsvUrl = "/api/access-review/export";

export const confirmReview = (note: string) =>
  answer(typedApi.POST("/api/access-review/confirm", { body: { note } }));

export const revokeAccess = (user: number, study?: number, relation?: "owner" | "clinical_team") =>
  answer(
    typedApi.POST("/api/access-review/revoke", {
      body: { user, ...(study ? { study, relation } : {}) },
    }),
  );
