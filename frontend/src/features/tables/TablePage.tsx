// A table the clinician opened: each seat with its device link, QR code and join code, who has
// joined (asked again every few seconds while people are arriving), "Watch" once it has started,
// and the controls that run it (TableControls.tsx).

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { Link, useParams } from "react-router";
import { ErrorNote, Loading, errorText } from "../../ui/widgets";
import { tablesApi } from "../../api/tables";
import { isPerson, kindWords, notJoined, teamOf } from "../../game/seats";
import { SeatControl, TableControls, controlRefusal, useTableControl } from "./TableControls";
import type { TableBody, TableSeat } from "../../game/tableTypes";
import { formatList } from "../../i18n/format";
import "../../game/tables.css";
import { gameName } from "../../game/names";

/** How often to look again: often while people arrive, every few seconds during play (a seat
 * the computer takes over), not after. */
export function tableRefetch(table: TableBody | undefined): number | false {
  if (!table) return false;
  if (table.status === "waiting") return 2000;
  if (table.status === "active" || table.status === "paused") return 4000;
  return false;
}

const STATUS_WORDS: Record<string, MessageDescriptor> = {
  waiting: msg`Waiting for everyone to join`,
  active: msg`In play`,
  paused: msg`Paused: every clock is stopped until you resume the game`,
  finished: msg`Finished`,
  abandoned: msg`Abandoned`,
};

export function TablePage() {
  const { t: tr } = useLingui();
  const { id = "" } = useParams();
  const client = useQueryClient();
  const table = useQuery({
    queryKey: ["table", id],
    queryFn: () => tablesApi.table(id),
    refetchInterval: (q) => tableRefetch(q.state.data),
  });
  const reissue = useMutation({
    mutationFn: () => tablesApi.newLinks(id),
    onSuccess: (body) => client.setQueryData(["table", id], body),
  });
  const control = useTableControl(id);
  if (table.isLoading) return <Loading />;
  if (!table.data) return <ErrorNote error={table.error} what={tr`This table`} />;
  const t = table.data;
  const game = gameName(t.game_type);
  const number = t.game;
  const missing = notJoined(t.seats);
  const people = formatList(missing.map((s) => s.label));
  const status = t.status in STATUS_WORDS ? tr(STATUS_WORDS[t.status]) : t.status;
  const started = t.status !== "waiting";
  const inPlay = t.status === "active" || t.status === "paused";
  return (
    <section aria-labelledby="table-title" className="table-page" data-status={t.status}>
      <div className="page-head">
        <h1 id="table-title">{tr`${game} table · game ${number}`}</h1>
        {started && (
          <Link className="btn primary" to={t.watch} data-testid="watch">
            <Trans>Watch the game</Trans>
          </Link>
        )}
      </div>
      <p role="status" data-testid="table-status">
        <strong>{status}</strong>
        {t.status === "waiting" &&
          (missing.length > 0
            ? tr`: still to join ${people}. The game starts when everyone is seated.`
            : tr`: everyone is here, starting…`)}
      </p>
      <TableControls table={t} control={control} />
      {control.error && (
        <p className="form-error" role="alert" data-testid="control-refused">
          {controlRefusal(control.error)}
        </p>
      )}
      <ul className="table-seats" aria-label={tr`The seats`}>
        {t.seats.map((seat) => (
          <SeatCard
            key={seat.seat}
            seat={seat}
            mendikot={t.game_type === "mendikot"}
            control={inPlay && isPerson(seat) ? control : null}
          />
        ))}
      </ul>
      {t.status === "waiting" && (
        <div className="row-actions">
          <button
            type="button"
            className="btn secondary"
            onClick={() => reissue.mutate()}
            disabled={reissue.isPending}
          >
            <Trans>Issue new links (the old ones stop working)</Trans>
          </button>
        </div>
      )}
      {reissue.error && (
        <p className="form-error" role="alert">
          {errorText(reissue.error)}
        </p>
      )}
    </section>
  );
}

function SeatCard({
  seat,
  mendikot,
  control,
}: {
  seat: TableSeat;
  mendikot: boolean;
  /** The seat's own control, while the game is in play. */
  control: ReturnType<typeof useTableControl> | null;
}) {
  const { t } = useLingui();
  const person = isPerson(seat);
  const number = seat.seat + 1;
  const { label, code } = seat;
  const team = teamOf(seat.seat);
  const joinUrl = `${window.location.origin}/join`;
  return (
    <li
      className={`card-panel table-seat ${seat.joined ? "joined" : "absent"}`}
      data-seat={seat.seat}
      data-joined={seat.joined}
      data-testid={`table-seat-${seat.seat}`}
    >
      <h2>{t`Seat ${number}: ${label}`}</h2>
      <p className="muted">
        {kindWords(seat.kind)}
        {mendikot ? t`, team ${team}` : ""}
        {" · "}
        <span data-testid="seat-joined">
          {!person ? t`plays at once` : seat.joined ? t`✓ joined` : t`not joined yet`}
        </span>
      </p>
      {control && <SeatControl seat={seat} control={control} />}
      {seat.session !== null && (
        <p>
          <Link to={`/sessions/${seat.session}`}>{t`Session of ${label}`}</Link>
        </p>
      )}
      {seat.link && (
        <figure className="qr table-qr">
          <QRCodeSVG
            value={seat.link}
            size={160}
            level="M"
            marginSize={2}
            title={t`Link for seat ${number} (${label})`}
          />
          <figcaption>
            {seat.kind === "clinician" ? (
              <Trans>
                Your seat:{" "}
                <a href={seat.link} data-testid="seat-link" target="_blank" rel="noreferrer">
                  open it on this or another device
                </a>
                .
              </Trans>
            ) : (
              <Trans>
                Scan with {label}'s device, or open{" "}
                <a href={seat.link} data-testid="seat-link" target="_blank" rel="noreferrer">
                  the link
                </a>
                .
              </Trans>
            )}
            {code && (
              <>
                {" "}
                <Trans>
                  No camera? Type the code{" "}
                  <strong className="join-code" data-testid="seat-code">
                    {code}
                  </strong>{" "}
                  at <strong>{joinUrl}</strong>.
                </Trans>
              </>
            )}
          </figcaption>
        </figure>
      )}
    </li>
  );
}
