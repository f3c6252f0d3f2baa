// An active game's hand-over: this device goes to the participant (left only with a PIN or the
// password), or the single-game link is shown as a QR code and a code to type at /join.

import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import type { PlayLink } from "../../api/types";
import { enterParticipantMode, validPin } from "../../game/participantMode";
import { errorText } from "../../ui/widgets";
import { issuePlayLink } from "../../api/sessions";

export function HandOver({ gameId }: { gameId: number }) {
  const { t } = useLingui();
  const [link, setLink] = useState<PlayLink | null>(null);
  const [pin, setPin] = useState("");
  const navigate = useNavigate();
  const issue = useMutation({
    mutationFn: () => issuePlayLink(gameId),
    onSuccess: setLink,
  });
  const url = link ? `${window.location.origin}${link.path}` : null;
  const pinField = `pin-${gameId}`;
  const pinOk = pin === "" || validPin(pin);
  const hours = link ? Math.round(link.expires_in_seconds / 3600) : 0;
  const joinUrl = `${window.location.origin}/join`;
  const code = link?.code;
  return (
    <div className="hand-over">
      <form
        className="row-actions hand-over-form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (!pinOk) return;
          const path = `/games/${gameId}/play`;
          void enterParticipantMode(path, {
            pin: pin || undefined,
            returnTo: window.location.pathname,
          }).then(() => navigate(path));
        }}
      >
        <div className="pin-field">
          <label htmlFor={pinField}>
            <Trans>PIN to leave the game (4 to 8 digits; empty: your password)</Trans>
          </label>
          <input
            id={pinField}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            onChange={(e) => setPin(e.target.value.trim())}
            aria-invalid={!pinOk}
            data-testid="hand-over-pin"
          />
        </div>
        <button type="submit" className="btn primary" disabled={!pinOk} data-testid="hand-over">
          <Trans>Hand over this device</Trans>
        </button>
        <button
          type="button"
          className="btn secondary"
          onClick={() => issue.mutate()}
          disabled={issue.isPending}
          data-testid="show-qr"
        >
          <Trans>Show the link as a QR code</Trans>
        </button>
      </form>
      {issue.error && (
        <p className="form-error" role="alert">
          {errorText(issue.error)}
        </p>
      )}
      {url && link && (
        <figure className="qr" data-testid="qr">
          <QRCodeSVG value={url} size={220} level="M" marginSize={2} title={t`Game link QR code`} />
          <figcaption>
            <Trans>
              Scan with the participant's tablet, or open{" "}
              <a href={link.path} data-testid="play-link">
                {url}
              </a>
              .
            </Trans>{" "}
            {plural(hours, {
              one: "Valid for # hour, for this game only.",
              other: "Valid for # hours, for this game only.",
            })}
            <br />
            <Trans>
              No camera? Open <strong>{joinUrl}</strong> and type the code{" "}
              <strong className="join-code" data-testid="join-code">
                {code}
              </strong>
              .
            </Trans>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
