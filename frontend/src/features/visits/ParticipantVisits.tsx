// A participant's assessment visits on their page, for the clinical team: each point's window,
// whether it is due, held (on which day, with its measures) or missed (and why). Recording is
// the blinded assessor's, on the visits page.

import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { getParticipantVisits } from "../../api/visits";
import type { Visit } from "../../api/visits";
import { formatList, formatNumber } from "../../i18n/format";
import { formatDate } from "../../ui/widgets";
import { MISSED_REASON, STATUS } from "./words";

function Outcome({ visit }: { visit: Visit }) {
  const { i18n } = useLingui();
  if (visit.status === "done") {
    const held = formatDate(visit.held_on);
    const measures = formatList(
      Object.entries(visit.measures).map(([code, value]) => `${code} ${formatNumber(value)}`),
    );
    return (
      <>
        <Trans>held {held}</Trans>
        {visit.in_window === false && (
          <>
            {" "}
            <Trans>(outside the window)</Trans>
          </>
        )}
        {measures && <div data-testid="visit-measures">{measures}</div>}
      </>
    );
  }
  if (visit.status === "missed" && visit.missed_reason)
    return <>{i18n._(MISSED_REASON[visit.missed_reason])}</>;
  return null;
}

export function ParticipantVisits() {
  const { i18n } = useLingui();
  const { id = "" } = useParams();
  const visits = useQuery({
    queryKey: ["visits", "participant", id],
    queryFn: () => getParticipantVisits(Number(id)),
    retry: false,
  });
  // A participant the caller may not see: their page says so. A study without assessment
  // points has no visits to show.
  if (!visits.data?.length) return null;
  return (
    <section
      aria-labelledby="p-visits-title"
      className="card-panel"
      data-testid="participant-visits"
    >
      <h2 id="p-visits-title">
        <Trans>Assessment visits</Trans>
      </h2>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Assessment</Trans>
              </th>
              <th scope="col">
                <Trans>Window</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Outcome</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {visits.data.map((v) => {
              const opens = formatDate(v.opens_on);
              const closes = formatDate(v.closes_on);
              return (
                <tr key={v.point} data-testid={`p-visit-${v.kind}-${v.point}`}>
                  <th scope="row">{v.label}</th>
                  <td>
                    {v.opens_on ? (
                      <Trans>
                        {opens} to {closes}
                      </Trans>
                    ) : (
                      "–"
                    )}
                  </td>
                  <td data-testid="visit-status">{i18n._(STATUS[v.status])}</td>
                  <td>
                    <Outcome visit={v} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
