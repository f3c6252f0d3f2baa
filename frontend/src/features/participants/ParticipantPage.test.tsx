import { act, renderPage, screen } from "../../test/render";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonAnswer as json, listOf } from "../../test/answers";
import type { Participant } from "../../api/types";
import { ParticipantPage } from "./ParticipantPage";
import { metricFixture } from "./metricFixture";

const participant: Participant = {
  id: 7,
  study: 4,
  study_name: "Pilot",
  code: "P-0007",
  age_band: "70-79",
  language: "en",
  group: "",
  arm: null,
  allocated_at: null,
  stratum: null,
  clinicians: [],
  consent_date: "2026-11-02",
  consent_form_version: "v1",
  consent_withdrawn_at: null,
  has_consent: true,
  examination_seconds_override: null,
  opponent_level_override: null,
  created_at: "2026-11-02T09:00:00Z",
  last_session_at: null,
  sessions_per_week: null,
  sessions_this_week: 0,
  sessions_last_week: 0,
  sessions_per_week_planned: 3,
  sessions_planned_last_week: 3,
  sessions_missed_last_week: 0,
};

const page = listOf([]);

/** What the server answers for a participant on no programme yet, by path. */
const answers: [RegExp, unknown][] = [
  [/\/api\/participants\/7\/$/, participant],
  [
    /\/dose\/$/,
    {
      participant: 7,
      programme: null,
      prescriptions: [],
      starts_on: "2026-11-02",
      current_week: 5,
      weeks: [],
      prescribed: 0,
      delivered: 0,
      adherence: null,
      missed: 0,
      missed_unexplained: 0,
    },
  ],
  [/\/signatures\/$/, []],
  [/\/notes\/$|\/sessions\/\?|\/protocols\/\?/, page],
];

/** Answers the page's requests at once, except the summary's, which waits for `answer`. */
function serving() {
  const pending: { answer: ((response: Response) => void) | null } = { answer: null };
  vi.stubGlobal(
    "fetch",
    vi.fn((input: Request | string) => {
      const url = typeof input === "string" ? input : input.url;
      if (url.includes("/summary/"))
        return new Promise<Response>((resolve) => (pending.answer = resolve));
      const known = answers.find(([path]) => path.test(url));
      if (!known) throw new Error(`the page asked for ${url}, which this test does not answer`);
      return Promise.resolve(json(known[1]));
    }),
  );
  renderPage(<ParticipantPage />, { at: "/participants/7", path: "/participants/:id" });
  return pending;
}

const summary = {
  participant: {},
  claims: { primary_metrics: [], assessment_points: [] },
  words: ["reliable decline: 'Stragedy hit rate"],
  metrics: [metricFixture({ role: "primary", words: ["reliable decline"] })],
  adaptive: [],
};

afterEach(() => vi.unstubAllGlobals());

describe("a participant's page", () => {
  it("is drawn once the summary is in, so its flags never say none and then grow", async () => {
    const pending = serving();
    await vi.waitFor(() => expect(pending.answer).not.toBeNull());
    // The participant is in; the summary is not: neither the glance nor its actions are drawn.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByTestId("glance")).not.toBeInTheDocument();
    expect(screen.queryByText("Start a session")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    await act(async () => pending.answer!(json(summary)));
    const glance = await screen.findByTestId("glance");
    expect(glance.querySelector("[data-flag=decline]")).toHaveTextContent(
      "reliable decline: 'Stragedy hit rate",
    );
    expect(screen.getByText("Start a session")).toBeInTheDocument();
  });

  it("says in the glance that the measures' flags are unknown when the summary fails", async () => {
    const pending = serving();
    await vi.waitFor(() => expect(pending.answer).not.toBeNull());
    const failure = { error: { code: "server_error", message: "Something broke.", details: null } };
    await act(async () => pending.answer!(json(failure, 500)));
    const glance = await screen.findByTestId("glance");
    expect(glance).toHaveTextContent("Flags unknown: the metrics did not load (see Progress).");
    expect(glance).not.toHaveTextContent("none");
    // The server's reason is given once, under Progress, not again in the glance.
    expect(glance).not.toHaveTextContent("Something broke.");
    const reasons = screen.getAllByText(/Something broke\./);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toHaveTextContent("Metrics could not be loaded: Something broke.");
  });
});
