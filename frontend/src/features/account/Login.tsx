import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Challenge } from "../../api/types";
import { getMe } from "../../api/auth";
import { signIn } from "../../auth/auth";
import { signInRefusal } from "../../auth/refusals";
import { SecondFactorStep } from "../../auth/SecondFactor";
import { LAB } from "./Layout";

export function LoginPage() {
  const { t } = useLingui();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const client = useQueryClient();

  const enter = (me: Awaited<ReturnType<typeof getMe>>) => {
    client.setQueryData(["me"], me);
    const next = params.get("next");
    void navigate(next && next.startsWith("/") && !next.startsWith("//") ? next : "/", {
      replace: true,
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await signIn(username, password);
      if ("second_factor" in result) setChallenge(result);
      else enter(result);
    } catch (e) {
      setError(signInRefusal(e));
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <main className="login-page" id="main">
        <div className="card-panel login">
          <h1>{LAB}</h1>
          <SecondFactorStep
            challenge={challenge}
            onSignedIn={() => void getMe().then(enter, () => setChallenge(null))}
          />
        </div>
      </main>
    );
  }

  return (
    <main className="login-page" id="main">
      <form
        className="card-panel login"
        onSubmit={(event) => void submit(event)}
        aria-labelledby="login-title"
      >
        <h1 id="login-title">{LAB}</h1>
        <p className="hint">
          <Trans>Staff sign-in. Participants play from the link or QR code they are given.</Trans>
        </p>
        {params.get("reason") === "idle" && (
          <p className="notice" role="status">
            <Trans>
              You were signed out after a time without activity. Sign in again to go on.
            </Trans>
          </p>
        )}
        <label htmlFor="username">
          <Trans>User name</Trans>
        </label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
        <label htmlFor="password">
          <Trans>Password</Trans>
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn primary big" disabled={busy}>
          {busy ? t`Signing in…` : t`Sign in`}
        </button>
      </form>
    </main>
  );
}
