// Leaving participant mode: the PIN the staff member set when handing the device over, or a
// staff sign-in (checked by the server, with its own lockout). Five wrong PINs leave only the
// sign-in.

import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import type { Challenge } from "../../../api/types";
import { getMe } from "../../../api/auth";
import { signIn } from "../../../auth/auth";
import { signInRefusal } from "../../../auth/refusals";
import { SecondFactorStep } from "../../../auth/SecondFactor";
import { leaveAsStaff, leaveWithPin } from "../../../game/participantMode";
import type { ParticipantMode } from "../../../game/participantMode";

const PIN_TRIES = 5;

export function LeaveGame({ mode }: { mode: ParticipantMode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [pin, setPin] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [wrongPins, setWrongPins] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const byPin = !!mode.pin && wrongPins < PIN_TRIES;
  const { t } = useLingui();

  const close = () => {
    setChallenge(null);
    setPin("");
    setPassword("");
    setError(null);
    dialog.current?.close();
  };
  const left = () => {
    close();
    void navigate(mode.returnTo ?? "/", { replace: true });
  };
  const signedIn = (me: Awaited<ReturnType<typeof getMe>>) => {
    client.setQueryData(["me"], me);
    leaveAsStaff();
    left();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (byPin) {
        if (await leaveWithPin(pin)) return left();
        const wrong = wrongPins + 1;
        setWrongPins(wrong);
        setPin("");
        setError(
          wrong < PIN_TRIES
            ? t`That PIN is not right.`
            : t`That PIN was wrong five times: a staff sign-in is needed now.`,
        );
        return;
      }
      const result = await signIn(username, password);
      if ("second_factor" in result) return setChallenge(result);
      signedIn(result);
    } catch (e) {
      setError(signInRefusal(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn link small"
        onClick={() => dialog.current?.showModal()}
        data-testid="leave-open"
      >
        <Trans>Staff</Trans>
      </button>
      <dialog
        ref={dialog}
        className="leave-dialog"
        aria-labelledby="leave-title"
        data-testid="leave-dialog"
      >
        {challenge ? (
          // The account signs in with a second factor: its own step, then the game is left.
          <>
            <SecondFactorStep
              challenge={challenge}
              onSignedIn={() => void getMe().then(signedIn, () => setChallenge(null))}
            />
            <button type="button" className="btn secondary" onClick={close}>
              <Trans>Back to the game</Trans>
            </button>
          </>
        ) : (
          <form onSubmit={(event) => void submit(event)}>
            <h2 id="leave-title">
              <Trans>Leave the game (staff only)</Trans>
            </h2>
            {byPin ? (
              <>
                <label htmlFor="leave-pin">
                  <Trans>The PIN set when the device was handed over</Trans>
                </label>
                <input
                  id="leave-pin"
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  value={pin}
                  onChange={(e) => setPin(e.target.value)}
                  required
                />
              </>
            ) : (
              <>
                <p className="hint">
                  <Trans>Sign in as staff to leave the game on this device.</Trans>
                </p>
                <label htmlFor="leave-user">
                  <Trans>User name</Trans>
                </label>
                <input
                  id="leave-user"
                  autoComplete="username"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  required
                />
                <label htmlFor="leave-password">
                  <Trans>Password</Trans>
                </label>
                <input
                  id="leave-password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                />
              </>
            )}
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <div className="row-actions">
              <button type="button" className="btn secondary" onClick={close}>
                <Trans>Back to the game</Trans>
              </button>
              <button type="submit" className="btn primary" disabled={busy} data-testid="leave">
                <Trans>Leave the game</Trans>
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
