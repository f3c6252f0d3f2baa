// The second step of a sign-in (a code, a recovery code or a passkey), and adding a factor: an
// authenticator app (QR code, then a code from it) or a passkey, with the recovery codes shown
// once.

import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import { ApiError } from "../api/client";
import type { Challenge } from "../api/types";
import {
  confirmApp,
  giveCode,
  givePasskey,
  passkeyOptions,
  passkeyRegisterOptions,
  registerPasskey,
  startApp,
} from "../api/auth";
import { createPasskey, passkeysOffered, signWithPasskey } from "./passkeys";

function problem(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === "no_sign_in_pending") return t`The sign-in took too long: start again.`;
    if (e.code === "invalid_second_factor" || e.code === "invalid_code")
      return t`That code is not right. Check the app's current code and try again.`;
    if (e.code === "account_locked" || e.code === "throttled") return e.message;
    return e.message;
  }
  if (e instanceof DOMException) return t`The passkey was not used. You can try again.`;
  return t`The server cannot be reached. Please try again.`;
}

export function SecondFactorStep({
  challenge,
  onSignedIn,
}: {
  challenge: Challenge;
  onSignedIn: () => void;
}) {
  if (challenge.second_factor === "enrol") {
    return (
      <>
        <h2>
          <Trans>Set up a second factor</Trans>
        </h2>
        <p className="hint">
          {passkeysOffered() ? (
            <Trans>
              Your account must sign in with a second factor. Add an authenticator app or a passkey
              to finish signing in.
            </Trans>
          ) : (
            <Trans>
              Your account must sign in with a second factor. Add an authenticator app to finish
              signing in.
            </Trans>
          )}
        </p>
        <AddFactor onDone={onSignedIn} />
      </>
    );
  }
  return <VerifyStep methods={challenge.methods} onSignedIn={onSignedIn} />;
}

function VerifyStep({ methods, onSignedIn }: { methods: string[]; onSignedIn: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = async (step: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
      onSignedIn();
    } catch (e) {
      setError(problem(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void attempt(() => giveCode(code.trim()));
  };
  return (
    <form onSubmit={submit} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">
        <Trans>Second factor</Trans>
      </h2>
      <label htmlFor="code">
        <Trans>Code from your authenticator app, or a recovery code</Trans>
      </label>
      <input
        id="code"
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn primary big" disabled={busy}>
        <Trans>Verify</Trans>
      </button>
      {methods.includes("passkey") && passkeysOffered() && (
        <button
          type="button"
          className="btn secondary"
          disabled={busy}
          onClick={() =>
            void attempt(async () => givePasskey(await signWithPasskey(await passkeyOptions())))
          }
        >
          <Trans>Use a passkey</Trans>
        </button>
      )}
    </form>
  );
}

/** Add an authenticator app or a passkey; then show the recovery codes (if new) once. */
export function AddFactor({ onDone }: { onDone: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (codes !== null) {
    return <RecoveryCodes codes={codes} onDone={onDone} />;
  }
  return (
    <div className="add-factor">
      <AddApp onAdded={setCodes} />
      {passkeysOffered() && (
        <p>
          <button
            type="button"
            className="btn secondary"
            onClick={() => {
              setError(null);
              void (async () => {
                try {
                  const credential = await createPasskey(await passkeyRegisterOptions());
                  setCodes((await registerPasskey(credential)).recovery_codes);
                } catch (e) {
                  setError(problem(e));
                }
              })();
            }}
          >
            <Trans>Add a passkey instead</Trans>
          </button>
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function AddApp({ onAdded }: { onAdded: (codes: string[]) => void }) {
  const { t } = useLingui();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    startApp().then(setSetup, (e: unknown) => setError(problem(e)));
  }, []);
  const secret = setup?.secret;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      onAdded((await confirmApp(code.trim())).recovery_codes);
    } catch (e) {
      setError(problem(e));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t`Add an authenticator app`}>
      <p>
        <Trans>Scan this code with your authenticator app, or type in the key below it.</Trans>
      </p>
      {/* The code's place is kept while it loads, so the buttons below it do not move. */}
      <div className="qr-place">
        {setup && (
          <QRCodeSVG value={setup.uri} size={180} title={t`Authenticator app set-up code`} />
        )}
      </div>
      {setup ? (
        <p>
          <Trans>
            Key: <code data-testid="totp-secret">{secret}</code>
          </Trans>
        </p>
      ) : (
        <p aria-hidden="true">&nbsp;</p>
      )}
      <label htmlFor="app-code">
        <Trans>Code the app shows</Trans>
      </label>
      <input
        id="app-code"
        name="app-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn primary" disabled={!setup}>
        <Trans>Add the app</Trans>
      </button>
    </form>
  );
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="recovery-title">
      <h2 id="recovery-title">
        <Trans>Second factor added</Trans>
      </h2>
      {codes.length > 0 ? (
        <>
          <p>
            <Trans>
              Keep these recovery codes somewhere safe. Each signs you in once if you lose your app
              or passkey. They are not shown again.
            </Trans>
          </p>
          <ul className="recovery-codes" aria-label={t`Recovery codes`}>
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          <Trans>Your recovery codes stay as they were.</Trans>
        </p>
      )}
      <button type="button" className="btn primary" onClick={onDone}>
        <Trans>Continue</Trans>
      </button>
    </section>
  );
}
