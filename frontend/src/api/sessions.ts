// The calls about sessions: a session, its games and their play links, its analysis, a
// finished game's review, and the metric catalogue the results are labelled from.

import { answer, answerAs, typedApi } from "./client";
import type { CatalogueEntry, SessionAnalysis } from "./types";
import type { GameReview } from "../game/review";

type Id = number | string;

const session = (id: Id) => ({ params: { path: { id: Number(id) } } });
const sessionGames = (id: Id) => ({ params: { path: { session_id: Number(id) } } });

export const getSession = (id: Id) => answer(typedApi.GET("/api/sessions/{id}/", session(id)));

/** ``clientKey``: made once per sitting meant; sent again, it answers with the same sitting. */
export const createSession = (participant: number, protocol: number, clientKey: string) =>
  answer(
    typedApi.POST("/api/sessions/", { body: { participant, protocol, client_key: clientKey } }),
  );

export const abandonSession = (id: Id, reason: string) =>
  answer(typedApi.POST("/api/sessions/{id}/abandon/", { ...session(id), body: { reason } }));

export const listSessionGames = (id: Id) =>
  answer(typedApi.GET("/api/sessions/{session_id}/games/", sessionGames(id)));

/** Starts the session's next game. */
export const startSessionGame = (id: Id) =>
  answer(typedApi.POST("/api/sessions/{session_id}/games/", sessionGames(id)));

export const getAnalysis = (id: Id) =>
  answerAs<SessionAnalysis>(typedApi.GET("/api/sessions/{id}/analysis/", session(id)));

export const issuePlayLink = (gameId: number) =>
  answer(
    typedApi.POST("/api/games/{game_id}/link/", {
      params: { path: { game_id: gameId } },
      body: { revoke_previous: false }, // the server's default, which the schema asks for
    }),
  );

export const getReview = (gameId: number) =>
  answerAs<GameReview>(
    typedApi.GET("/api/games/{game_id}/review/", { params: { path: { game_id: gameId } } }),
  );

export const getCatalogue = () =>
  answerAs<{ metrics: CatalogueEntry[] }>(typedApi.GET("/api/metrics/catalogue/"));
