import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { rows } from "../api/client";
import { errorText } from "./widgets";
import { listStudies } from "../api/studies";
import { enrol as enrolParticipant } from "../api/participants";
import type { Enrolment } from "../api/participants";

export const AGE_BANDS: [Enrolment["age_band"], string][] = [
  ["unknown", "not recorded"],
  ["<40", "under 40"],
  ["40-49", "40–49"],
  ["50-59", "50–59"],
  ["60-69", "60–69"],
  ["70-79", "70–79"],
  ["80+", "80 and over"],
];

/** Enrol a participant under a generated code (no names: the code is the identity). */
export function EnrolForm({ studyId }: { studyId?: number }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const studies = useQuery({ queryKey: ["studies"], queryFn: listStudies });
  const [study, setStudy] = useState<string>(studyId ? String(studyId) : "");
  const [ageBand, setAgeBand] = useState<Enrolment["age_band"]>("unknown");
  const [group, setGroup] = useState("");
  const enrol = useMutation({
    mutationFn: () =>
      enrolParticipant({
        study: Number(study),
        age_band: ageBand,
        group,
      }),
    onSuccess: (p) => {
      void client.invalidateQueries({ queryKey: ["participants"] });
      void client.invalidateQueries({ queryKey: ["study-participants"] });
      void navigate(`/participants/${p.id}`);
    },
  });
  const list = rows(studies.data);
  // A group is one of the study's codes, never free text (only codes reach an export).
  const codes = list.find((s) => s.id === Number(study))?.group_codes ?? [];
  return (
    <form
      className="card-panel enrol"
      aria-labelledby="enrol-title"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        enrol.mutate();
      }}
    >
      <h2 id="enrol-title">Enrol a participant</h2>
      <p className="muted">
        A pseudonymous code is generated. Never enter names or contact details.
      </p>
      <div className="form-row">
        {studyId === undefined && (
          <div>
            <label htmlFor="enrol-study">Study</label>
            <select
              id="enrol-study"
              value={study}
              onChange={(e) => setStudy(e.target.value)}
              required
            >
              <option value="">Choose a study…</option>
              {list.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor="enrol-age">Age band</label>
          <select
            id="enrol-age"
            value={ageBand}
            onChange={(e) => setAgeBand(e.target.value as Enrolment["age_band"])}
          >
            {AGE_BANDS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="enrol-group">Group</label>
          <select id="enrol-group" value={group} onChange={(e) => setGroup(e.target.value)}>
            <option value="">none</option>
            {codes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
      </div>
      {enrol.error && (
        <p className="form-error" role="alert">
          {errorText(enrol.error)}
        </p>
      )}
      <button type="submit" className="btn primary" disabled={!study || enrol.isPending}>
        Enrol
      </button>
    </form>
  );
}
