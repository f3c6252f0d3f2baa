import { act, render, screen } from "../../test/render";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../../i18n/i18n";
import type { Language } from "../../i18n/languages";
import { axisTick } from "./MetricPanel";
import { PrescribedWords } from "./DosePanel";
import { FlagList, WeekAgainstPlan, changeFlags, missedLastWeek, participantFlags } from "./glance";
import { metricFixture } from "./metricFixture";

const metric = metricFixture;

describe("the participant list at a glance", () => {
  it("flags only the words a planned reading gives, never an exploratory trend", () => {
    const decline = metric({ role: "primary", words: ["reliable decline", "decline"] });
    expect(changeFlags(decline)).toEqual([
      { kind: "decline", text: "reliable decline: 'Stragedy hit rate" },
      { kind: "decline", text: "decline: 'Stragedy hit rate" },
    ]);
    expect(changeFlags(metric({ role: "primary", words: ["reliable improvement"] }))).toEqual([
      { kind: "improvement", text: "reliable improvement: 'Stragedy hit rate" },
    ]);
    const rising = metric({ trend: { status: "ok", points: 6, min_points: 5, arrow: "up" } });
    expect(changeFlags(rising)).toEqual([]);
  });

  it("takes last week's missed sessions from the server's count (the clinic's weeks)", () => {
    expect(
      missedLastWeek({
        sessions_per_week_planned: 3,
        sessions_planned_last_week: 3,
        sessions_missed_last_week: 2,
      }),
    ).toBe(2);
    expect(
      missedLastWeek({
        sessions_per_week_planned: 3,
        sessions_planned_last_week: 3,
        sessions_missed_last_week: 0,
      }),
    ).toBe(0);
    // No plan, or enrolled since last week began: nothing to miss.
    expect(
      missedLastWeek({
        sessions_per_week_planned: null,
        sessions_planned_last_week: null,
        sessions_missed_last_week: null,
      }),
    ).toBe(0);
    expect(
      missedLastWeek({
        sessions_per_week_planned: 3,
        sessions_planned_last_week: 3,
        sessions_missed_last_week: null,
      }),
    ).toBe(0);
  });

  it("lists the flags in words, or says none", () => {
    // Prescribed 3 a week last week, 5 from this week: last week is said against its 3.
    const p = {
      sessions_per_week_planned: 5,
      sessions_planned_last_week: 3,
      sessions_missed_last_week: 2,
    };
    const flags = participantFlags(p, [metric({ role: "primary", words: ["reliable decline"] })]);
    expect(flags.map((f) => f.text)).toEqual([
      "missed 2 of 3 last week",
      "reliable decline: 'Stragedy hit rate",
    ]);
    const { unmount } = render(<FlagList flags={flags} />);
    expect(screen.getByText("missed 2 of 3 last week")).toHaveAttribute("data-flag", "missed");
    unmount();
    render(<FlagList flags={[]} />);
    expect(screen.getByText("none")).toBeInTheDocument();
  });

  it("writes whole axis ticks: 100% and 2.2 s, not clipped", () => {
    expect(axisTick(1, "proportion")).toBe("100%");
    expect(axisTick(2200, "ms")).toBe("2.2 s");
    expect(axisTick(450, "ms")).toBe("0.5 s");
    expect(axisTick(0, "ms")).toBe("0 s");
    expect(axisTick(12.345, "tricks")).toBe("12.35");
  });
});

/** What `element` reads in `language`. */
async function readIn(language: Language, element: ReactElement): Promise<string> {
  await act(() => activate(language));
  const { container, unmount } = render(element);
  const text = container.textContent ?? "";
  unmount();
  return text;
}

describe("counts in each language's own plural forms", () => {
  afterEach(async () => {
    await act(() => activate("en"));
  });

  it("says the week's sessions against the plan", async () => {
    const week = (held: number, planned: number | null) =>
      readIn("ar", <WeekAgainstPlan held={held} planned={planned} />);
    // Arabic: one, two, three to ten, eleven to ninety-nine and a hundred each their own form.
    expect(await week(2, 1)).toBe("2 من جلسة واحدة مخطط لها");
    expect(await week(0, 2)).toBe("0 من جلستين مخطط لهما");
    expect(await week(1, 3)).toBe("1 من 3 جلسات مخطط لها");
    expect(await week(1, 11)).toBe("1 من 11 جلسة مخطط لها");
    expect(await week(1, 100)).toBe("1 من 100 جلسة مخطط لها");
    expect(await readIn("de", <WeekAgainstPlan held={2} planned={1} />)).toBe(
      "2 von 1 geplanten Sitzung",
    );
    expect(await readIn("en", <WeekAgainstPlan held={2} planned={1} />)).toBe(
      "2 of 1 planned session",
    );
    expect(await readIn("en", <WeekAgainstPlan held={1} planned={null} />)).toBe(
      "1 session, none planned",
    );
    expect(await readIn("en", <WeekAgainstPlan held={0} planned={0} />)).toBe(
      "0 sessions, none planned",
    );
  });

  it("says the prescription's sessions, minutes and weeks", async () => {
    const programme = {
      own: false,
      sessions_per_week: 1,
      minutes_per_session: 2,
      weeks: 11,
      boosters: [],
    } as unknown as Parameters<typeof PrescribedWords>[0]["programme"];
    expect(await readIn("en", <PrescribedWords programme={programme} />)).toBe(
      "Prescribed: 1 session a week of 2 minutes for 11 weeks (the study's).",
    );
    expect(await readIn("fr", <PrescribedWords programme={programme} />)).toBe(
      "Prescrit : 1 séance par semaine de 2 minutes pendant 11 semaines (celle de l’étude).",
    );
    expect(await readIn("ar", <PrescribedWords programme={programme} />)).toBe(
      "الموصوف: جلسة واحدة في الأسبوع مدة كل منها دقيقتان لمدة 11 أسبوعًا (جرعة الدراسة).",
    );
  });
});
