// The audit trail: who changed what, when, why, and the values before and after.

import { answer, typedApi } from "./client";

export const listAudit = (page: number, objectType?: string) =>
  answer(
    typedApi.GET("/api/audit/", {
      params: { query: { page, ...(objectType ? { object_type: objectType } : {}) } },
    }),
  );
