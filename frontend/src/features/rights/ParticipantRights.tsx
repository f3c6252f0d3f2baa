// A participant's rights on their page: a copy of everything held about them (the access
// request, a file to hand over), and for the study's owners, erasure of what need not be kept.

import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { getParticipant } from "../../api/participants";
import type { Participant } from "../../api/types";
import { getAccessRequest } from "../../api/rights";
import type { Erasure } from "../../api/rights";
import { getStudy } from "../../api/studies";
import { useMe } from "../../auth/auth";
import { EraseDialog } from "./EraseDialog";
import { ErasureOutcome } from "./ErasureOutcome";
import { refusalText } from "./EraseDialog";
import "./rights.css";

/** Admins own every study; a researcher the studies that name them among the owners. */
function useOwnsStudy(study: number | undefined): boolean {
  const me = useMe().data;
  const researcher = me?.role === "researcher";
  const owners = useQuery({
    queryKey: ["study", String(study)],
    queryFn: () => getStudy(study as number),
    enabled: researcher && study !== undefined,
    retry: false,
  });
  if (me?.role === "admin") return true;
  return researcher && !!me && !!owners.data?.owners.includes(me.id);
}

/** The browser saves the file under the name the server gives it. */
function save(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function DownloadData({ participant }: { participant: Participant }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      save(await getAccessRequest(participant.id), `access-request-${participant.code}.json`);
    } catch (e) {
      setError(refusalText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rights-action">
      <p>
        <Trans>
          A copy of everything held about the participant, for an access request: a file to hand
          over (JSON).
        </Trans>
      </p>
      <button
        type="button"
        className="btn secondary"
        onClick={() => void download()}
        disabled={busy}
        data-testid="rights-download"
      >
        {busy ? <Trans>Preparing the file…</Trans> : <Trans>Download the participant's data</Trans>}
      </button>
      {error && (
        <p className="form-error" role="alert" data-testid="rights-download-error">
          <Trans>The data could not be downloaded: {error}</Trans>
        </p>
      )}
    </div>
  );
}

export function ParticipantRights() {
  const { id = "" } = useParams();
  const participant = useQuery({
    queryKey: ["participant", id],
    queryFn: () => getParticipant(id),
    retry: false,
  });
  const owner = useOwnsStudy(participant.data?.study);
  const [outcome, setOutcome] = useState<Erasure | null>(null);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);
  // The answer takes the place of the dialog: the reader is taken to it.
  useEffect(() => {
    if (outcome) outcomeHeading.current?.focus();
  }, [outcome]);
  // A participant the caller may not see: their page says so.
  if (!participant.data) return null;
  const p = participant.data;
  return (
    <section
      aria-labelledby="rights-title"
      className="card-panel participant-rights"
      data-testid="participant-rights"
    >
      <h2 id="rights-title">
        <Trans>Participant's rights</Trans>
      </h2>
      <DownloadData participant={p} />
      {owner && !outcome && <EraseDialog participant={p} onErased={setOutcome} />}
      {outcome && <ErasureOutcome outcome={outcome} headingRef={outcomeHeading} />}
    </section>
  );
}
