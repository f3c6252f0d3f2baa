// A study's participants: enrol one, their consent, and the clinicians each is assigned.

import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { rows } from "../../api/client";
import { useMe } from "../../auth/auth";
import { EnrolForm } from "../../ui/Enrol";
import { ErrorNote, Loading, formatDate } from "../../ui/widgets";
import { listStudyParticipants } from "../../api/studies";
import { ClinicianPicker } from "./ClinicianPicker";
import { useStudy } from "./useStudy";

export function StudyParticipantsTab() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const study = useStudy(id);
  const me = useMe().data;
  const participants = useQuery({
    queryKey: ["study-participants", id],
    queryFn: () => listStudyParticipants(id),
  });
  return (
    <div>
      <EnrolForm studyId={Number(id)} />
      {participants.isLoading && <Loading />}
      <ErrorNote error={participants.error} what={t`Participants`} />
      <div className="table-wrap">
        <table className="data-table" data-testid="study-participants">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Code</Trans>
              </th>
              <th scope="col">
                <Trans>Age band</Trans>
              </th>
              <th scope="col">
                <Trans>Group</Trans>
              </th>
              <th scope="col">
                <Trans>Arm</Trans>
              </th>
              <th scope="col">
                <Trans>Consent</Trans>
              </th>
              <th scope="col">
                <Trans>Clinicians</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows(participants.data).map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <Link to={`/participants/${p.id}`}>{p.code}</Link>
                </th>
                <td>{p.age_band}</td>
                <td>{p.group || "–"}</td>
                <td data-testid="participant-arm">{p.arm ?? "–"}</td>
                <td>
                  {p.consent_withdrawn_at
                    ? t`withdrawn`
                    : p.has_consent
                      ? `${formatDate(p.consent_date)} (${p.consent_form_version})`
                      : t`not yet`}
                </td>
                <td>
                  <ClinicianPicker
                    participant={p}
                    team={study.data?.clinicians ?? []}
                    meId={me?.id}
                    meName={me?.username}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
