import { afterEach, describe, expect, it } from "vitest";
import { clinicToday, formatDate, setClinicTimeZone } from "./dates";

describe("the clinic's dates", () => {
  afterEach(() => setClinicTimeZone(undefined));

  it("takes today from the clinic's time zone, not the browser's", () => {
    const moment = new Date("2026-03-02T05:00:00Z"); // still the 1st in Los Angeles
    setClinicTimeZone("America/Los_Angeles");
    expect(clinicToday(moment)).toBe("2026-03-01");
    setClinicTimeZone("Australia/Sydney");
    expect(clinicToday(moment)).toBe("2026-03-02");
  });

  it("shows a stored date as its own day in every time zone", () => {
    for (const zone of ["America/Los_Angeles", "UTC", "Pacific/Kiritimati"]) {
      setClinicTimeZone(zone);
      // The day before at UTC midnight would read Feb 28 west of Greenwich.
      expect(formatDate("2026-03-01")).toBe(
        new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(2026, 2, 1)),
      );
    }
  });

  it("shows a moment in the clinic's zone, and ignores a zone the browser does not know", () => {
    setClinicTimeZone("America/Los_Angeles");
    expect(formatDate("2026-03-02T05:00:00Z")).toMatch(/Mar 1|1 Mar|\b1\b/);
    setClinicTimeZone("Not/AZone");
    expect(clinicToday(new Date("2026-03-02T05:00:00Z"))).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
