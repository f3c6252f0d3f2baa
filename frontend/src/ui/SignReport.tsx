// Signing a participant's report, or a finished study export for a sponsor: the meaning, the
// password again and, for an account with a second factor, its code. Earlier signatures are
// listed, marked superseded once what they signed has changed.

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { ApiError } from "../api/client";
import { listExportSignatures, listReportSignatures, signExport, signReport } from "../api/signoff";
import type { SignRequest } from "../api/signoff";
import { formatDate } from "./dates";

/** What is signed: a participant's report, or a study export. */
export type Signed = { report: number } | { export: number };

// What a signature means, as its signer's list of signatures says it.
const MEANINGS: Record<string, MessageDescriptor> = {
  reviewed: msg`reviewed`,
  approved: msg`approved`,
};

export function SignReport({ participantId }: { participantId: number }) {
  return <SignPanel signed={{ report: participantId }} />;
}

export function SignPanel({ signed }: { signed: Signed }) {
  const { t } = useLingui();
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
        ? t`The server cannot be reached. Please try again.`
        : null;
  // "claude, approved, 3 Mar 2026, 10:04": who, what it means (a code the server sends), when.
  const signedBy = (signer: string, meaningCode: string, at: string) => {
    const meaning = MEANINGS[meaningCode] ? t(MEANINGS[meaningCode]) : meaningCode;
    const signedAt = formatDate(at, true);
    return t`${signer}, ${meaning}, ${signedAt}`;
  };
  return (
    <div className="card-panel" data-testid={`sign-${what}`}>
      <h2>{isReport ? <Trans>Sign the report</Trans> : <Trans>Sign the export</Trans>}</h2>
      {(signatures.data ?? []).length > 0 && (
        <ul aria-label={t`Signatures`}>
          {signatures.data!.map((s) => (
            <li key={s.id}>
              {signedBy(s.signer, s.meaning, s.signed_at)}{" "}
              {s.superseded ? (
                <span className="badge warn">
                  {isReport ? (
                    <Trans>superseded: the report changed since</Trans>
                  ) : (
                    <Trans>superseded: the export changed since</Trans>
                  )}
                </span>
              ) : (
                <span className="badge">
                  <Trans context="signature">current</Trans>
                </span>
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
        <label htmlFor={`sign-meaning-${what}`}>
          <Trans>Meaning of the signature</Trans>
        </label>
        <select
          id={`sign-meaning-${what}`}
          value={meaning}
          onChange={(e) => setMeaning(e.target.value as SignRequest["meaning"])}
        >
          <option value="reviewed">{t`Reviewed`}</option>
          <option value="approved">{t`Approved`}</option>
        </select>
        <label htmlFor={`sign-password-${what}`}>
          <Trans>Your password</Trans>
        </label>
        <input
          id={`sign-password-${what}`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <label htmlFor={`sign-code-${what}`}>
          <Trans>Second-factor code (if your account has one)</Trans>
        </label>
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
          <Trans>Sign</Trans>
        </button>
      </form>
    </div>
  );
}
