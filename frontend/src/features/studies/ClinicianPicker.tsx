import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Participant } from "../../api/types";
import { errorText } from "../../ui/widgets";
import { listClinicians, setClinicians } from "../../api/studies";

/** Assign the study's clinical team members to a participant. */
export function ClinicianPicker({
  participant,
  team,
  meId,
  meName,
}: {
  participant: Participant;
  team: number[];
  meId?: number;
  meName?: string;
}) {
  const { t } = useLingui();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<number[]>(participant.clinicians);
  const save = useMutation({
    mutationFn: (clinicians: number[]) => setClinicians(participant.id, clinicians),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["study-participants"] }),
  });
  // Names of the clinicians (the staff list is open to researchers and administrators).
  const staff = useQuery({
    queryKey: ["staff", "clinician"],
    queryFn: listClinicians,
    retry: false,
    staleTime: 60_000,
  });
  const code = participant.code;
  const everyone = Array.from(new Set([...team, ...participant.clinicians]));
  if (everyone.length === 0)
    return (
      <span className="muted">
        <Trans>no clinical team</Trans>
      </span>
    );
  const names = new Map((staff.data ?? []).map((m) => [m.id, m.name]));
  const name = (uid: number) =>
    uid === meId ? t`${meName} (you)` : (names.get(uid) ?? t`staff #${uid}`);
  return (
    <fieldset className="clinicians">
      <legend className="sr-only">
        <Trans>Clinicians of {code}</Trans>
      </legend>
      {everyone.map((uid) => (
        <label key={uid} className="check-inline">
          <input
            type="checkbox"
            checked={chosen.includes(uid)}
            onChange={(e) => {
              const next = e.target.checked ? [...chosen, uid] : chosen.filter((c) => c !== uid);
              setChosen(next);
              save.mutate(next);
            }}
          />
          {name(uid)}
        </label>
      ))}
      {save.error && (
        <span className="form-error" role="alert">
          {errorText(save.error)}
        </span>
      )}
    </fieldset>
  );
}
