// Beside a game on the session page: the spectator page while it runs, and a table's page (its
// seats' links) while it waits for its people.

import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";

export function GameLinks({ game }: { game: { id: number; status: string } }) {
  if (game.status !== "waiting" && game.status !== "active") return null;
  return (
    <p className="row-actions">
      {game.status === "waiting" && (
        <Link className="btn secondary" to={`/tables/${game.id}`} data-testid="table-link">
          <Trans>The table: seats, links, who has joined</Trans>
        </Link>
      )}
      <Link className="btn secondary" to={`/games/${game.id}/watch`} data-testid="watch-link">
        <Trans>Watch the game</Trans>
      </Link>
    </p>
  );
}
