// The access review (admins): every account, its role and studies, who granted each access and
// when, its second factor and last sign-in, accounts unused for 90 days; confirm the review,
// revoke in place, or download it as CSV.

import { plural, t as tr } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { accessReviewCsvUrl, confirmReview, getAccessReview, revokeAccess } from "../../api/access";
import { formatList } from "../../i18n/format";
import { formatDate } from "../../ui/dates";
import { factorName, relationName, roleName } from "./names";

function when(value: string | null | undefined): string {
  return value ? formatDate(value, true) : "—";
}

export function AccessReviewPage() {
  const { i18n, t } = useLingui();
  const client = useQueryClient();
  const review = useQuery({ queryKey: ["access-review"], queryFn: getAccessReview });
  const [note, setNote] = useState("");
  const refresh = {
    onSuccess: () => void client.invalidateQueries({ queryKey: ["access-review"] }),
  };
  const confirm = useMutation({ mutationFn: () => confirmReview(note), ...refresh });
  const revoke = useMutation({
    mutationFn: (a: { user: number; study?: number; relation?: "owner" | "clinical_team" }) =>
      revokeAccess(a.user, a.study, a.relation),
    ...refresh,
  });
  const r = review.data;
  const lastReview = r?.last_review;
  const reviewedAt = when(lastReview?.at);
  const reviewer = lastReview?.by;
  const reviewed = lastReview ? t`${reviewedAt} by ${reviewer}` : t`never`;
  const unusedDays = r?.unused_days ?? 0;
  return (
    <section>
      <h1>
        <Trans>Access review</Trans>
      </h1>
      <p>
        <Trans>
          Last review: <span data-testid="last-review">{reviewed}</span>.
        </Trans>{" "}
        <a href={accessReviewCsvUrl}>
          <Trans>Download as CSV</Trans>
        </a>
      </p>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th>
                <Trans>Account</Trans>
              </th>
              <th>
                <Trans>Role</Trans>
              </th>
              <th>
                <Trans>Second factor</Trans>
              </th>
              <th>
                <Trans>Last sign-in</Trans>
              </th>
              <th>
                <Trans>Access (granted when, by whom)</Trans>
              </th>
              <th>
                <Trans>Revoke</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {(r?.accounts ?? []).map((a) => (
              <tr key={a.id} data-testid="account" data-username={a.username}>
                <td>
                  {a.username} {a.name && `(${a.name})`}{" "}
                  {!a.active && (
                    <span className="badge">
                      <Trans>inactive</Trans>
                    </span>
                  )}
                  {a.unused && (
                    <span className="badge warn">
                      {plural(unusedDays, { one: "unused # day", other: "unused # days" })}
                    </span>
                  )}
                </td>
                <td>{roleName(i18n, a.role)}</td>
                <td>
                  {a.second_factor.length
                    ? formatList(a.second_factor.map((f) => factorName(i18n, f)))
                    : t`none`}
                </td>
                <td>{when(a.last_login)}</td>
                <td>
                  <ul>
                    {a.access.map((x) => (
                      <li key={`${x.study}-${x.relation}`}>
                        {x.study_name}: {relationName(i18n, x.relation)}
                        {x.participants ? ` ${participantCount(x.participants)}` : ""} (
                        {when(x.granted_at)}, {x.granted_by ?? "—"}){" "}
                        {x.relation !== "caring" && a.active && (
                          <button
                            type="button"
                            className="btn secondary small"
                            onClick={() =>
                              revoke.mutate({
                                user: a.id,
                                study: x.study,
                                relation: x.relation as "owner" | "clinical_team",
                              })
                            }
                          >
                            {revokeText(relationName(i18n, x.relation), x.study_name)}
                          </button>
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {a.active && (
                    <button
                      type="button"
                      className="btn secondary small"
                      onClick={() => revoke.mutate({ user: a.id })}
                    >
                      {deactivateText(a.username)}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          confirm.mutate();
        }}
      >
        <label htmlFor="review-note">
          <Trans>Note on this review</Trans>
        </label>
        <input id="review-note" value={note} onChange={(e) => setNote(e.target.value)} />
        <button type="submit" className="btn primary" disabled={confirm.isPending}>
          <Trans>Confirm the review</Trans>
        </button>
      </form>
    </section>
  );
}

function revokeText(relation: string, study: string): string {
  return tr`Revoke ${relation} of ${study}`;
}

function deactivateText(username: string): string {
  return tr`Deactivate ${username}`;
}

function participantCount(count: number): string {
  return plural(count, { one: "# participant", other: "# participants" });
}
