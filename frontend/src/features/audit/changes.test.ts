import { describe, expect, it } from "vitest";
import { changes } from "./AuditPage";

describe("the audit view's changes", () => {
  it("lists only the fields that differ, old beside new", () => {
    expect(
      changes({
        before: { group: "", age_band: "70-79" },
        after: { group: "control", age_band: "70-79" },
      }),
    ).toEqual([{ field: "group", before: "—", after: "control" }]);
  });

  it("shows every field of a new record", () => {
    expect(changes({ before: null, after: { roles: ["clinician"] } })).toEqual([
      { field: "roles", before: "—", after: '["clinician"]' },
    ]);
  });
});
