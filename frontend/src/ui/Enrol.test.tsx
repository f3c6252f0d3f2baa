import { afterEach, describe, expect, it, vi } from "vitest";
import { listOf, routedFetch } from "../test/answers";
import type { Answer, Call } from "../test/answers";
import { fireEvent, renderPage, screen, waitFor } from "../test/render";
import { EnrolForm } from "./Enrol";

const ENROLLED = { id: 41, code: "MX-ABCDE", study: 3 };

function serverAnswering(...enrolments: Answer[]): Call[] {
  const answers = [...enrolments];
  return routedFetch({
    "GET /api/studies/": [200, listOf([{ id: 3, name: "Pilot", group_codes: [] }])],
    "POST /api/participants/": () => answers.shift() ?? [500, {}],
  });
}

function openForm() {
  return renderPage(<EnrolForm studyId={3} />, {
    others: { "/participants/:id": <p>the participant's page</p> },
  });
}

const keysSent = (calls: Call[]) =>
  calls
    .filter((call) => call.method === "POST")
    .map((call) => (call.body as { client_key: string }).client_key);

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Enrol" }));

afterEach(() => vi.unstubAllGlobals());

describe("the enrolment form", () => {
  it("sends the same key again when a lost answer is retried, so one person is enrolled once", async () => {
    const calls = serverAnswering([503, "Bad gateway"], [201, ENROLLED]);
    openForm();
    submit();
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    submit();
    expect(await screen.findByText("the participant's page")).toBeInTheDocument();
    const [first, again] = keysSent(calls);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(again).toBe(first);
  });

  it("makes a new key each time it opens", async () => {
    const calls = serverAnswering([503, "Bad gateway"], [503, "Bad gateway"]);
    const first = openForm();
    submit();
    await waitFor(() => expect(keysSent(calls)).toHaveLength(1));
    first.unmount();
    openForm();
    submit();
    await waitFor(() => expect(keysSent(calls)).toHaveLength(2));
    const [one, other] = keysSent(calls);
    expect(other).not.toBe(one);
  });

  it("says when an earlier attempt already enrolled someone, and a new attempt is a new enrolment", async () => {
    const reused = {
      error: {
        code: "client_key_reused",
        message: "This key already enrolled a participant with other details.",
        details: { client_key: ["Make a new key for each enrolment."] },
      },
    };
    const calls = serverAnswering([409, reused], [201, ENROLLED]);
    openForm();
    submit();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "look for them among the participants",
    );
    submit();
    expect(await screen.findByText("the participant's page")).toBeInTheDocument();
    const [first, again] = keysSent(calls);
    expect(again).not.toBe(first);
  });
});
