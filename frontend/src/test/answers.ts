// The server's answers for the pages' tests: a JSON body, an empty list, and requests held
// unanswered until the test answers them (to see a page while its data is on the way).

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
