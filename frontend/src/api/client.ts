// The API client for the whole app: JSON in and out, the CSRF header on staff writes, and the
// platform's error shape ({"error": {"code", "message", "details"}}) turned into an ApiError.
// `typedApi` is checked against the OpenAPI schema (paths, parameters, bodies); `apiFetch` serves
// the game transport, whose base path is chosen at run time.

import { t } from "@lingui/core/macro";
import createClient from "openapi-fetch";
import type { Middleware } from "openapi-fetch";
import type { paths } from "./schema";

export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, body: ErrorBody) {
    super(body.message || body.code);
    this.name = "ApiError";
    this.status = status;
    this.code = body.code;
    this.details = body.details;
  }
}

/** The request never got an answer (offline, server down, proxy error). Safe to retry. */
export class NetworkError extends Error {
  // Said in the language in force when the connection failed.
  constructor(message?: string) {
    super(message ?? t`The connection was lost.`);
    this.name = "NetworkError";
  }
}

export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Staff requests carry the session cookie and the CSRF header; device links do not need it. */
  csrf?: boolean;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (UNSAFE.has(method) && options.csrf !== false) {
    const token = readCookie("csrftoken");
    if (token) headers["X-CSRFToken"] = token;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new NetworkError();
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw refusal(response, data);
  return data as T;
}

/** The error a failed answer stands for, from its status and (parsed) body. */
function refusal(response: Response, data: unknown): ApiError | NetworkError {
  // Gateways and a restarting server answer 502/503/504 without our error shape: retryable.
  const shaped = data as { error?: ErrorBody } | null | undefined;
  if (response.status >= 502 || (!shaped?.error && response.status >= 500)) {
    return new NetworkError();
  }
  // An answer without our shape (a proxy's page, say): its status is all there is to say.
  const status = response.status;
  return new ApiError(
    status,
    shaped?.error ?? {
      code: `http_${status}`,
      message: t`The server could not do this (HTTP ${status}).`,
    },
  );
}

/** Paths the schema does not describe yet; everything it describes goes through `typedApi`. */
export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal }),
  post: <T>(path: string, body: unknown = {}) => apiFetch<T>(path, { method: "POST", body }),
  patch: <T>(path: string, body: unknown) => apiFetch<T>(path, { method: "PATCH", body }),
};

const staffRequests: Middleware = {
  onRequest({ request, schemaPath }) {
    // Device links are their own credential: no session, so no CSRF header either.
    if (!UNSAFE.has(request.method) || schemaPath.startsWith("/api/play/")) return undefined;
    const token = readCookie("csrftoken");
    if (token) request.headers.set("X-CSRFToken", token);
    return request;
  },
  onError({ error }) {
    if (error instanceof DOMException && error.name === "AbortError") return undefined;
    return new NetworkError();
  },
};

/** The API as its OpenAPI schema describes it (src/api/schema.ts): a path, its parameters and
 * its bodies are checked by the compiler. Unwrap each answer with `answer()`. */
export const typedApi = createClient<paths>({
  // Absolute, so that a Request can be built outside a page too (the tests' jsdom).
  baseUrl: globalThis.location?.origin ?? "",
  credentials: "same-origin",
  headers: { Accept: "application/json" },
  // Looked up at each call, not captured once.
  fetch: (request) => globalThis.fetch(request),
});
typedApi.use(staffRequests);

/** The body of a successful answer, or the ApiError / NetworkError a failed one stands for. */
export async function answer<R extends { data?: unknown; error?: unknown; response: Response }>(
  pending: Promise<R>,
): Promise<Exclude<R["data"], undefined>> {
  const { data, error, response } = await pending;
  if (!response.ok) throw refusal(response, error);
  return data as Exclude<R["data"], undefined>;
}

/** For an answer the schema leaves open (an object of anything): the shape the page reads, as
 * written in api/types.ts. */
export async function answerAs<T>(
  pending: Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<T> {
  return (await answer(pending)) as T;
}

export interface Page<T> {
  count: number;
  next?: string | null;
  previous?: string | null;
  results: T[];
}

/** Lists are paginated ({count, results}); some contract endpoints may answer a bare array. */
export function rows<T>(data: Page<T> | T[] | undefined | null): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.results;
}
