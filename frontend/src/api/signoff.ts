// Signatures of a participant's report or of a finished study export: listed, and made with the
// password (and second factor).

import { answer, typedApi } from "./client";

export const listReportSignatures = (id: number) =>
  answer(typedApi.GET("/api/participants/{id}/signatures/", { params: { path: { id } } }));

export interface SignRequest {
  meaning: "reviewed" | "approved";
  password: string;
  code: string;
}

export const signReport = (id: number, body: SignRequest) =>
  answer(typedApi.POST("/api/participants/{id}/signatures/", { params: { path: { id } }, body }));

export const listExportSignatures = (id: number) =>
  answer(typedApi.GET("/api/exports/{id}/signatures/", { params: { path: { id } } }));

export const signExport = (id: number, body: SignRequest) =>
  answer(typedApi.POST("/api/exports/{id}/signatures/", { params: { path: { id } }, body }));
