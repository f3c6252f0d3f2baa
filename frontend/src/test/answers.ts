// The server's answers for the pages' tests: a JSON body, an empty list, a server answering by
// method and path, and requests held unanswered until the test answers them (to see a page
// while its data is on the way).

import { vi } from "vitest";

export function jsonAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

export function listOf<Row>(results: Row[]) {
  return { count: results.length, next: null, previous: null, results };
}

/** A status and a JSON body. */
export type Answer = [number, unknown];

/** A request the page made. */
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The browser's fetch answering as the server would, by ``"METHOD /path"`` (404 for any other);
 * the calls kept, in order. */
export function routedFetch(routes: Record<string, Answer | (() => Answer)>): Call[] {
  const calls: Call[] = [];
  // The typed client fetches a Request; the plain one (api.get) a path and its options.
  vi.stubGlobal("fetch", async (input: Request | string, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(input, "http://localhost"), init);
    const path = new URL(request.url).pathname;
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
    const route = routes[`${request.method} ${path}`];
    const [status, body] = typeof route === "function" ? route() : (route ?? [404, {}]);
    return jsonAnswer(body, status);
  });
  return calls;
}

/** Every request waits: ``answer`` answers the latest one; ``asked`` says whether one was made. */
export function heldFetch() {
  let pending: ((response: Response) => void) | null = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise<Response>((resolve) => (pending = resolve))),
  );
  return {
    asked: () => pending !== null,
    answer: (response: Response) => {
      if (!pending) throw new Error("no request is waiting for an answer");
      pending(response);
    },
  };
}
