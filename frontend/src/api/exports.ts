// The calls about exports: start a study's export, follow one, and the study's export log.

import { answer, typedApi } from "./client";
import type { components } from "./schema";

type Id = number | string;

export type ExportOrder = components["schemas"]["ExportRequestRequest"];

export const startExport = (studyId: Id, body: ExportOrder) =>
  answer(
    typedApi.POST("/api/studies/{id}/exports/", {
      params: { path: { id: Number(studyId) } },
      body,
    }),
  );

export const getExport = (id: number) =>
  answer(typedApi.GET("/api/exports/{id}/", { params: { path: { id } } }));

export const listExports = (studyId: Id) =>
  answer(typedApi.GET("/api/studies/{id}/exports/", { params: { path: { id: Number(studyId) } } }));
