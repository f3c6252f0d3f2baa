import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Challenge } from "../../api/types";
import { getMe } from "../../api/auth";
import { signIn } from "../../auth/auth";
import { signInRefusal } from "../../auth/refusals";
import { SecondFactorStep } from "../../auth/SecondFactor";

export function LoginPage() {
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
          <h1>Memulation Lab</h1>
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
        <h1 id="login-title">Memulation Lab</h1>
        <p className="hint">
          Staff sign-in. Participants play from the link or QR code they are given.
        </p>
        {params.get("reason") === "idle" && (
          <p className="notice" role="status">
            You were signed out after a time without activity. Sign in again to go on.
          </p>
        )}
        <label htmlFor="username">User name</label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
        <label htmlFor="password">Password</label>
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
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
