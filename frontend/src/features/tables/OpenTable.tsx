// "Open a table": a clinician chooses a protocol (and so its game) and who sits at each seat:
// participants of the study, the clinician, or the computer for Mendikot's empty seats.

import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { errorText } from "../../ui/widgets";
import { tablesApi } from "../../api/tables";
import { defaultChoices, seatCount, seatRequest, seatsProblem } from "../../game/seatChoices";
import type { SeatChoice } from "../../game/seatChoices";
import type { SeatRequest } from "../../game/tableTypes";
import "../../game/tables.css";

export function OpenTablePage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const first = params.get("participant");
  const firstId = first && /^\d+$/.test(first) ? Number(first) : null;
  const navigate = useNavigate();
  const client = useQueryClient();

  const participant = useQuery({
    queryKey: ["participant", firstId],
    queryFn: () => tablesApi.participant(firstId as number),
    enabled: firstId !== null,
  });
  const studies = useQuery({ queryKey: ["tables", "studies"], queryFn: tablesApi.studies });
  // Until one is chosen, the study is the first participant's, or the only one there is.
  const [chosenStudy, setStudy] = useState<number | null>(null);
  const onlyStudy = firstId === null && studies.data?.length === 1 ? studies.data[0].id : null;
  const study = chosenStudy ?? participant.data?.study ?? onlyStudy;

  const protocols = useQuery({
    queryKey: ["protocols", study],
    queryFn: () => tablesApi.protocols(study as number),
    enabled: study !== null,
  });
  const people = useQuery({
    queryKey: ["tables", "participants", study],
    queryFn: () => tablesApi.participants(study as number),
    enabled: study !== null,
  });
  const [protocolId, setProtocolId] = useState("");
  const protocol = protocols.data?.find((p) => String(p.id) === protocolId);
  const game = protocol?.game;
  // Another game (or another first participant) starts from its own seats (set while rendering).
  const [choices, setChoices] = useState<SeatChoice[]>(() => defaultChoices(game, firstId));
  const [choicesFor, setChoicesFor] = useState({ game, firstId });
  if (choicesFor.game !== game || choicesFor.firstId !== firstId) {
    setChoicesFor({ game, firstId });
    setChoices(defaultChoices(game, firstId));
  }

  const problem = useMemo(
    () => (protocol ? seatsProblem(game, choices) : null),
    [protocol, game, choices],
  );
  const open = useMutation({
    mutationFn: () =>
      tablesApi.open({
        protocol: Number(protocolId),
        seats: choices.map(seatRequest) as SeatRequest[],
      }),
    onSuccess: (table) => {
      // The answer is the table: show it at once.
      client.setQueryData(["table", String(table.game)], table);
      void navigate(`/tables/${table.game}`);
    },
  });

  const consenting = (people.data ?? []).filter((p) => p.has_consent);
  return (
    <section aria-labelledby="open-table-title" className="open-table">
      <h1 id="open-table-title">
        <Trans>Open a table</Trans>
      </h1>
      <p className="hint">
        <Trans>
          People play together at one table, each on their own device with their own link. Every
          participant at the table gets a session of their own.
        </Trans>
      </p>
      <form
        className="card-panel"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (!problem) open.mutate();
        }}
      >
        <label htmlFor="table-study">
          <Trans>Study</Trans>
        </label>
        <select
          id="table-study"
          value={study ?? ""}
          onChange={(e) => {
            setStudy(e.target.value ? Number(e.target.value) : null);
            setProtocolId("");
          }}
          required
        >
          <option value="">{t`Choose a study…`}</option>
          {(studies.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>

        <label htmlFor="table-protocol">
          <Trans>Protocol</Trans>
        </label>
        <select
          id="table-protocol"
          value={protocolId}
          onChange={(e) => setProtocolId(e.target.value)}
          disabled={study === null}
          required
        >
          <option value="">{t`Choose a protocol…`}</option>
          {(protocols.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {protocolChoice(p.name, p.version, p.game)}
            </option>
          ))}
        </select>

        {protocol && (
          <fieldset className="seat-choices">
            <legend>
              {game === "mendikot" ? t`Seats: seats 1 and 3 play against seats 2 and 4` : t`Seats`}
            </legend>
            {Array.from({ length: seatCount(game) }, (_, i) => (
              <div key={i} className="form-row">
                <label htmlFor={`seat-${i}`}>{seatLabel(i)}</label>
                <select
                  id={`seat-${i}`}
                  data-testid={`seat-${i}`}
                  value={choices[i] ?? ""}
                  onChange={(e) =>
                    setChoices((old) => old.map((c, j) => (j === i ? e.target.value : c)))
                  }
                >
                  <option value="">{t`Choose…`}</option>
                  <optgroup label={t`Participants`}>
                    {consenting.map((p) => (
                      <option key={p.id} value={`p${p.id}`}>
                        {p.code}
                      </option>
                    ))}
                  </optgroup>
                  <option value="clinician">{t`Me (clinician)`}</option>
                  {game === "mendikot" && (
                    <option value="bot">{computerChoice(protocol.opponent)}</option>
                  )}
                </select>
              </div>
            ))}
          </fieldset>
        )}
        {problem && (
          <p className="hint" role="status" data-testid="seats-problem">
            {problem}
          </p>
        )}
        {open.error && (
          <p className="form-error" role="alert">
            {errorText(open.error)}
          </p>
        )}
        <button
          type="submit"
          className="btn primary"
          disabled={!protocol || !!problem || open.isPending}
        >
          {open.isPending ? t`Opening…` : t`Open the table`}
        </button>
      </form>
    </section>
  );
}

function protocolChoice(name: string, version: number, game: string): string {
  return game === "mendikot"
    ? t`${name} v${version} · Mendikot (four seats)`
    : t`${name} v${version} · Memulation (two seats)`;
}

function seatLabel(index: number): string {
  const number = index + 1;
  return t`Seat ${number}`;
}

/** The computer's seat, with the opponent the protocol names (its code). */
function computerChoice(opponent: string): string {
  return t`Computer (${opponent})`;
}
