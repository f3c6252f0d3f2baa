// The blinded assessor's worklist: the visits of the participants of the studies they assess,
// by code only, with each visit's window and status, and recording a visit. What it shows is
// what the API gives an assessor: never an arm, a training metric or a note. The other roles
// read the same list of the participants they may see.

import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { listVisits } from "../../api/visits";
import { useMe } from "../../auth/auth";
import type { VisitListItem } from "../../api/visits";
import { ErrorNote, Loading, formatDate } from "../../ui/widgets";
import { RecordVisit } from "./RecordVisit";
import { STATUS, TO_DO } from "./words";

type Show = "to_do" | "all";

function keyOf(visit: VisitListItem): string {
  return `${visit.participant}-${visit.point}`;
}

export function VisitsPage() {
  const { t, i18n } = useLingui();
  // Only a blinded assessor records visits; the other roles read the list.
  const records = useMe().data?.role === "assessor";
  const visits = useQuery({ queryKey: ["visits"], queryFn: listVisits });
  const [show, setShow] = useState<Show>("to_do");
  const [open, setOpen] = useState<string | null>(null);
  const rows = (visits.data ?? []).filter((v) => show === "all" || TO_DO.includes(v.status));
  // Overdue first, then due, then upcoming; within each, the window's end.
  const rank = (v: VisitListItem) => (TO_DO.includes(v.status) ? TO_DO.indexOf(v.status) : 9);
  rows.sort((a, b) => rank(a) - rank(b) || (a.closes_on ?? "").localeCompare(b.closes_on ?? ""));
  return (
    <section aria-labelledby="visits-title">
      <h1 id="visits-title">
        <Trans>Assessment visits</Trans>
      </h1>
      <p>
        <label htmlFor="visits-show">
          <Trans>Show</Trans>
        </label>{" "}
        <select id="visits-show" value={show} onChange={(e) => setShow(e.target.value as Show)}>
          <option value="to_do">{t`Overdue, due and upcoming`}</option>
          <option value="all">{t`All visits`}</option>
        </select>
      </p>
      {visits.isLoading && <Loading />}
      <ErrorNote error={visits.error} what={t`The visits`} />
      {visits.data && rows.length === 0 && (
        <p className="muted" data-testid="no-visits">
          <Trans>No visits to show.</Trans>
        </p>
      )}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="visit-list">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Participant</Trans>
                </th>
                <th scope="col">
                  <Trans>Study</Trans>
                </th>
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
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((v) => {
                const opens = formatDate(v.opens_on);
                const closes = formatDate(v.closes_on);
                return (
                  <Fragment key={keyOf(v)}>
                    <tr data-testid={`visit-${v.code}-${v.kind}`}>
                      <th scope="row">{v.code}</th>
                      <td>{v.study_name}</td>
                      <td>{v.label}</td>
                      <td>
                        {v.opens_on ? (
                          <Trans>
                            {opens} to {closes}
                          </Trans>
                        ) : (
                          "–"
                        )}
                      </td>
                      <td data-testid="visit-status">
                        {i18n._(STATUS[v.status])}
                        {v.status === "done" && v.in_window === false && (
                          <>
                            {" "}
                            <Trans>(outside the window)</Trans>
                          </>
                        )}
                      </td>
                      <td>
                        {records && v.status !== "withdrawn" && v.opens_on && open !== keyOf(v) && (
                          <button
                            type="button"
                            className="btn small"
                            onClick={() => setOpen(keyOf(v))}
                          >
                            {v.status === "done" || v.status === "missed" ? (
                              <Trans>Correct</Trans>
                            ) : (
                              <Trans>Record</Trans>
                            )}
                            <span className="sr-only">
                              {" "}
                              {v.code} {v.label}
                            </span>
                          </button>
                        )}
                      </td>
                    </tr>
                    {open === keyOf(v) && (
                      <tr>
                        <td colSpan={6}>
                          <RecordVisit visit={v} onDone={() => setOpen(null)} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
