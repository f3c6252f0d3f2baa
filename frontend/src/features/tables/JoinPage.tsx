// For a person who cannot scan a QR code: type the short code printed beside it, and the device
// opens the same seat as the link.

import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { errorText } from "../../ui/widgets";
import { tablesApi } from "../../api/tables";
import "../../game/tables.css";

export function JoinPage() {
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    tablesApi.joinCode(code).then(
      (link) => void navigate(link.path, { replace: true }),
      (error: unknown) => {
        setProblem(errorText(error));
        setBusy(false);
      },
    );
  };

  return (
    <main className="join-page" aria-labelledby="join-title">
      <h1 id="join-title">
        <Trans>Join a game</Trans>
      </h1>
      <form onSubmit={submit}>
        <label htmlFor="join-code">
          <Trans>The code you were given (six letters and numbers)</Trans>
        </label>
        <input
          id="join-code"
          data-testid="join-code-input"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          maxLength={16}
          required
          aria-describedby={problem ? "join-problem" : undefined}
        />
        <button type="submit" className="btn" disabled={busy || code.trim() === ""}>
          <Trans>Open the game</Trans>
        </button>
      </form>
      {problem && (
        <p id="join-problem" className="error" role="alert">
          {problem}
        </p>
      )}
    </main>
  );
}
