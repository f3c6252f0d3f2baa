// Signing a participant's report, or a finished study export for a sponsor: the meaning, the
// password again and, for an account with a second factor, its code. Earlier signatures are
// listed, marked superseded once what they signed has changed.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { ApiError } from "../api/client";
import { listExportSignatures, listReportSignatures, signExport, signReport } from "../api/signoff";
import type { SignRequest } from "../api/signoff";

/** What is signed: a participant's report, or a study export. */
export type Signed = { report: number } | { export: number };

export function SignReport({ participantId }: { participantId: number }) {
  return <SignPanel signed={{ report: participantId }} />;
}

export function SignPanel({ signed }: { signed: Signed }) {
  const client = useQueryClient();
  const isReport = "report" in signed;
  const id = isReport ? signed.report : signed.export;
  const key = ["signatures", isReport ? "report" : "export", id];
  const what = isReport ? "report" : "export";
  const signatures = useQuery({
    queryKey: key,
    queryFn: () => (isReport ? listReportSignatures(id) : listExportSignatures(id)),
  });
  const [meaning, setMeaning] = useState<SignRequest["meaning"]>("reviewed");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const sign = useMutation({
    mutationFn: () => {
      const body = { meaning, password, code: code.trim() };
      return isReport ? signReport(id, body) : signExport(id, body);
    },
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
    <div className="card-panel" data-testid={`sign-${what}`}>
      <h2>Sign the {what}</h2>
      {(signatures.data ?? []).length > 0 && (
        <ul aria-label="Signatures">
          {signatures.data!.map((s) => (
            <li key={s.id}>
              {s.signer}, {s.meaning}, {new Date(s.signed_at).toLocaleString()}{" "}
              {s.superseded ? (
                <span className="badge warn">superseded: the {what} changed since</span>
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
        <label htmlFor={`sign-meaning-${what}`}>Meaning of the signature</label>
        <select
          id={`sign-meaning-${what}`}
          value={meaning}
          onChange={(e) => setMeaning(e.target.value as SignRequest["meaning"])}
        >
          <option value="reviewed">Reviewed</option>
          <option value="approved">Approved</option>
        </select>
        <label htmlFor={`sign-password-${what}`}>Your password</label>
        <input
          id={`sign-password-${what}`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <label htmlFor={`sign-code-${what}`}>Second-factor code (if your account has one)</label>
        <input
          id={`sign-code-${what}`}
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
