import { describe, expect, it } from "vitest";
import { listOf, routedFetch } from "../../test/answers";
import type { Answer, Call } from "../../test/answers";
import { fireEvent, renderPage, screen } from "../../test/render";
import type { Participant } from "../../api/types";
import { StartSession } from "./StartSession";

const PARTICIPANT = { id: 7, study: 3, has_consent: true } as Participant;
const PROTOCOLS = [
  { id: 11, name: "Standard", version: 1, game: "memulation", examination_seconds: 60 },
  { id: 12, name: "Short", version: 1, game: "memulation", examination_seconds: 30 },
];

function serverAnswering(...sittings: Answer[]): Call[] {
  const answers = [...sittings];
  return routedFetch({
    "GET /api/studies/3/protocols/": [200, listOf(PROTOCOLS)],
    "POST /api/sessions/": () => answers.shift() ?? [500, {}],
    "GET /api/sessions/21/practice/": [200, { offered: true }],
  });
}

const keysSent = (calls: Call[]) =>
  calls
    .filter((call) => call.method === "POST")
    .map((call) => (call.body as { client_key: string }).client_key);

async function startWith(protocol: string) {
  await screen.findByRole("option", { name: /Short/ });
  fireEvent.change(screen.getByLabelText("Protocol"), { target: { value: protocol } });
  fireEvent.click(screen.getByRole("button", { name: "Start the session" }));
}

describe("starting a session", () => {
  it("says when an earlier attempt already started one, and a new attempt starts another", async () => {
    const reused = {
      error: {
        code: "client_key_reused",
        message: "This key already made a session with another protocol.",
        details: { client_key: ["Make a new key for each session."] },
      },
    };
    const calls = serverAnswering([409, reused], [201, { id: 21 }]);
    renderPage(<StartSession participant={PARTICIPANT} />, {
      others: { "/sessions/:id": <p>the session's page</p> },
    });
    await startWith("12");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("look for it among the participant's sessions");
    expect(alert).not.toHaveTextContent("client_key");
    await startWith("12");
    expect(await screen.findByText("the session's page")).toBeInTheDocument();
    const [first, again] = keysSent(calls);
    expect(again).not.toBe(first);
  });
});
