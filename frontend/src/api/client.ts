// One fetch wrapper for the whole app: JSON in and out, the CSRF header on staff writes, and the
// platform's error shape ({"error": {"code", "message", "details"}}) turned into an ApiError.

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
  constructor(message = "The connection was lost.") {
    super(message);
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
  if (!response.ok) {
    // Gateways and a restarting server answer 502/503/504 without our error shape: retryable.
    const shaped = data as { error?: ErrorBody } | null;
    if (response.status >= 502 || (!shaped?.error && response.status >= 500)) {
      throw new NetworkError();
    }
    throw new ApiError(
      response.status,
      shaped?.error ?? { code: `http_${response.status}`, message: response.statusText },
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal }),
  post: <T>(path: string, body: unknown = {}) => apiFetch<T>(path, { method: "POST", body }),
  patch: <T>(path: string, body: unknown) => apiFetch<T>(path, { method: "PATCH", body }),
};

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Lists are paginated ({count, results}); some contract endpoints may answer a bare array. */
export function rows<T>(data: Page<T> | T[] | undefined | null): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.results;
}
