// Every request about tables: open a table, read it, issue new links, a device's join,
// and the spectator's view.

import { answer, api, apiFetch, rows, typedApi } from "./client";
import type { Page } from "./client";
import type { Participant, Protocol, Study } from "./types";
import type {
  JoinLink,
  TableBody,
  TableControl,
  TableRequest,
  TableSeatView,
  WatchView,
} from "../game/tableTypes";

export const tablesApi = {
  open: (body: TableRequest) => api.post<TableBody>("/api/tables/", body),
  table: (gameId: number | string) => api.get<TableBody>(`/api/tables/${gameId}/`),
  newLinks: (gameId: number | string) => api.post<TableBody>(`/api/tables/${gameId}/links/`),
  /** The clinician runs the table: cancel, pause, resume, end; the computer in a seat, or back. */
  control: (gameId: number | string, action: TableControl, seat?: number) =>
    answer(
      typedApi.POST("/api/tables/{game_id}/control/", {
        params: { path: { game_id: Number(gameId) } },
        body: seat === undefined ? { action } : { action, seat },
      }),
    ),
  /** The device takes its seat (idempotent); the link is the credential, no CSRF. */
  join: (token: string) =>
    apiFetch<TableSeatView>(`/api/play/${encodeURIComponent(token)}/join/`, {
      method: "POST",
      body: {},
      csrf: false,
    }),
  watch: (gameId: number | string) => api.get<WatchView>(`/api/games/${gameId}/watch/`),
  /** The device link a typed join code stands for; the code is the credential, no CSRF. */
  joinCode: (code: string) =>
    apiFetch<JoinLink>("/api/join/", { method: "POST", body: { code }, csrf: false }),
  studies: async () => rows(await api.get<Page<Study>>("/api/studies/?page_size=200")),
  protocols: async (study: number) =>
    rows(await api.get<Page<Protocol>>(`/api/studies/${study}/protocols/?page_size=200`)),
  participants: async (study: number) =>
    rows(await api.get<Page<Participant>>(`/api/participants/?study=${study}&page_size=500`)),
  participant: (id: number | string) => api.get<Participant>(`/api/participants/${id}/`),
};

/** The spectator's socket: ``ws/games/<id>/watch/``. */
export function watchSocketUrl(
  gameId: number | string,
  location: Pick<Location, "protocol" | "host">,
): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/games/${encodeURIComponent(String(gameId))}/watch/`;
}
