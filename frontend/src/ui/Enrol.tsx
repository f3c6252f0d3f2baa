import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { ApiError, rows } from "../api/client";
import { newKey } from "../api/keys";
import { errorText } from "./widgets";
import { listStudies } from "../api/studies";
import { enrol as enrolParticipant } from "../api/participants";
import type { Enrolment } from "../api/participants";

// The ranges are messages too: a right-to-left language writes a range in its own words.
export const AGE_BANDS: [Enrolment["age_band"], MessageDescriptor][] = [
  ["unknown", msg`not recorded`],
  ["<40", msg`under 40`],
  ["40-49", msg`40–49`],
  ["50-59", msg`50–59`],
  ["60-69", msg`60–69`],
  ["70-79", msg`70–79`],
  ["80+", msg`80 and over`],
];

/** Enrol a participant under a generated code (no names: the code is the identity). */
export function EnrolForm({ studyId }: { studyId?: number }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const navigate = useNavigate();
  const studies = useQuery({ queryKey: ["studies"], queryFn: listStudies });
  const [study, setStudy] = useState<string>(studyId ? String(studyId) : "");
  const [ageBand, setAgeBand] = useState<Enrolment["age_band"]>("unknown");
  const [group, setGroup] = useState("");
  // One key for the person this form means to enrol, sent with every attempt: a double click or
  // a retry after a lost answer is answered by the server with the participant already enrolled.
  const clientKey = useRef(newKey());
  const enrol = useMutation({
    mutationFn: () =>
      enrolParticipant({
        study: Number(study),
        age_band: ageBand,
        group,
        client_key: clientKey.current,
      }),
    onSuccess: (p) => {
      clientKey.current = newKey(); // the next person is another enrolment
      void client.invalidateQueries({ queryKey: ["participants"] });
      void client.invalidateQueries({ queryKey: ["study-participants"] });
      void navigate(`/participants/${p.id}`);
    },
    onError: (error) => {
      // An earlier attempt enrolled someone with the details as they were then: once told so,
      // sending the form again is a new enrolment.
      if (error instanceof ApiError && error.code === "client_key_reused") {
        clientKey.current = newKey();
      }
    },
  });
  const reused = enrol.error instanceof ApiError && enrol.error.code === "client_key_reused";
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
      <h2 id="enrol-title">
        <Trans>Enrol a participant</Trans>
      </h2>
      <p className="muted">
        <Trans>A pseudonymous code is generated. Never enter names or contact details.</Trans>
      </p>
      <div className="form-row">
        {studyId === undefined && (
          <div>
            <label htmlFor="enrol-study">
              <Trans>Study</Trans>
            </label>
            <select
              id="enrol-study"
              value={study}
              onChange={(e) => setStudy(e.target.value)}
              required
            >
              <option value="">{t`Choose a study…`}</option>
              {list.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor="enrol-age">
            <Trans>Age band</Trans>
          </label>
          <select
            id="enrol-age"
            value={ageBand}
            onChange={(e) => setAgeBand(e.target.value as Enrolment["age_band"])}
          >
            {AGE_BANDS.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="enrol-group">
            <Trans>Group</Trans>
          </label>
          <select id="enrol-group" value={group} onChange={(e) => setGroup(e.target.value)}>
            <option value="">{t({ message: "none", context: "group" })}</option>
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
          {reused
            ? t`This form already enrolled someone with the details it had before (the answer was lost on the way): look for them among the participants before enrolling again.`
            : errorText(enrol.error)}
        </p>
      )}
      <button type="submit" className="btn primary" disabled={!study || enrol.isPending}>
        <Trans>Enrol</Trans>
      </button>
    </form>
  );
}
