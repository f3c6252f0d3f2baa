// The access review (admins): every account, its role and studies, who granted each access and
// when, its second factor and last sign-in, accounts unused for 90 days; confirm the review,
// revoke in place, or download it as CSV.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { accessReviewCsvUrl, confirmReview, getAccessReview, revokeAccess } from "../../api/access";

const RELATION: Record<string, string> = {
  owner: "owner",
  clinical_team: "clinical team",
  caring: "cares for",
};

function when(value: string | null | undefined): string {
  return value ? new Date(value).toLocaleString() : "—";
}

export function AccessReviewPage() {
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
  return (
    <section>
      <h1>Access review</h1>
      <p>
        Last review:{" "}
        <span data-testid="last-review">
          {r?.last_review ? `${when(r.last_review.at)} by ${r.last_review.by}` : "never"}
        </span>
        . <a href={accessReviewCsvUrl}>Download as CSV</a>
      </p>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th>Account</th>
              <th>Role</th>
              <th>Second factor</th>
              <th>Last sign-in</th>
              <th>Access (granted when, by whom)</th>
              <th>Revoke</th>
            </tr>
          </thead>
          <tbody>
            {(r?.accounts ?? []).map((a) => (
              <tr key={a.id} data-testid="account" data-username={a.username}>
                <td>
                  {a.username} {a.name && `(${a.name})`}{" "}
                  {!a.active && <span className="badge">inactive</span>}
                  {a.unused && <span className="badge warn">unused {r?.unused_days} days</span>}
                </td>
                <td>{a.role}</td>
                <td>{a.second_factor.length ? a.second_factor.join(", ") : "none"}</td>
                <td>{when(a.last_login)}</td>
                <td>
                  <ul>
                    {a.access.map((x) => (
                      <li key={`${x.study}-${x.relation}`}>
                        {x.study_name}: {RELATION[x.relation]}
                        {x.participants ? ` ${x.participants} participants` : ""} (
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
                            Revoke {RELATION[x.relation]} of {x.study_name}
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
                      Deactivate {a.username}
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
        <label htmlFor="review-note">Note on this review</label>
        <input id="review-note" value={note} onChange={(e) => setNote(e.target.value)} />
        <button type="submit" className="btn primary" disabled={confirm.isPending}>
          Confirm the review
        </button>
      </form>
    </section>
  );
}
