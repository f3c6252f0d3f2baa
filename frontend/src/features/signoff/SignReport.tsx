// Signing the participant's report: the meaning, the password again and, for an account with
// a second factor, its code. Earlier signatures are listed, marked superseded once the report
// they signed has changed.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { ApiError } from "../../api/client";
import { listReportSignatures, signReport } from "./api";
import type { SignRequest } from "./api";

export function SignReport({ participantId }: { participantId: number }) {
  const client = useQueryClient();
  const key = ["signatures", participantId];
  const signatures = useQuery({
    queryKey: key,
    queryFn: () => listReportSignatures(participantId),
  });
  const [meaning, setMeaning] = useState<SignRequest["meaning"]>("reviewed");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const sign = useMutation({
    mutationFn: () => signReport(participantId, { meaning, password, code: code.trim() }),
    onSuccess: () => {
      setPassword("");
      setCode("");
      void client.invalidateQueries({ queryKey: key });
    },
  });
  const error =
    sign.error instanceof ApiError
      ? sign.error.message
      : sign.error
        ? "The server cannot be reached. Please try again."
        : null;
  return (
    <div className="card-panel" data-testid="sign-report">
      <h2>Sign the report</h2>
      {(signatures.data ?? []).length > 0 && (
        <ul aria-label="Signatures">
          {signatures.data!.map((s) => (
            <li key={s.id}>
              {s.signer}, {s.meaning}, {new Date(s.signed_at).toLocaleString()}{" "}
              {s.superseded ? (
                <span className="badge warn">superseded: the report changed since</span>
              ) : (
                <span className="badge">current</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          sign.mutate();
        }}
      >
        <label htmlFor="sign-meaning">Meaning of the signature</label>
        <select
          id="sign-meaning"
          value={meaning}
          onChange={(e) => setMeaning(e.target.value as SignRequest["meaning"])}
        >
          <option value="reviewed">Reviewed</option>
          <option value="approved">Approved</option>
        </select>
        <label htmlFor="sign-password">Your password</label>
        <input
          id="sign-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <label htmlFor="sign-code">Second-factor code (if your account has one)</label>
        <input
          id="sign-code"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn primary" disabled={sign.isPending}>
          Sign
        </button>
      </form>
    </div>
  );
}
