// The calls about reminders: a participant's chosen reminders and their log (staff), the
// participant's own choice through their progress link, and the two links a reminder e-mail
// carries (open once, stop).

import { answer, typedApi } from "./client";
import type { components } from "./schema";

export type ReminderPlan = components["schemas"]["ReminderPlanAnswer"];
export type ReminderLogEntry = components["schemas"]["ReminderLog"];
export type ReminderChoice = components["schemas"]["ReminderPlanRequest"];
export type StaffReminderChoice = components["schemas"]["StaffReminderPlanRequest"];
export type AgreedHow = components["schemas"]["AgreedHowEnum"];

const byId = (id: number) => ({ params: { path: { id } } });
const byToken = (token: string) => ({ params: { path: { token } } });

export const getParticipantReminders = (id: number) =>
  answer(typedApi.GET("/api/participants/{id}/reminders/", byId(id)));

export const setParticipantReminders = (id: number, body: StaffReminderChoice) =>
  answer(typedApi.PUT("/api/participants/{id}/reminders/", { ...byId(id), body }));

export const getOwnReminders = (token: string) =>
  answer(typedApi.GET("/api/progress/{token}/reminders/", byToken(token)));

export const setOwnReminders = (token: string, body: ReminderChoice) =>
  answer(typedApi.PUT("/api/progress/{token}/reminders/", { ...byToken(token), body }));

export const openReminder = (token: string) =>
  answer(typedApi.POST("/api/reminders/open/{token}/", byToken(token)));

export const getStopState = (token: string) =>
  answer(typedApi.GET("/api/reminders/stop/{token}/", byToken(token)));

export const stopReminders = (token: string) =>
  answer(typedApi.POST("/api/reminders/stop/{token}/", byToken(token)));
