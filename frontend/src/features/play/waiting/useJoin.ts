// A device at a table takes its seat once, when its waiting room is first on screen (the join
// is idempotent on the server, so a reload or a second tab does no harm).

import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../api/client";
import { withRetry } from "../../../game/actionQueue";
import { tablesApi } from "../../../api/tables";

export type JoinState = "joining" | "joined" | { refused: ApiError };

export function useJoin(
  token: string | undefined,
  seated: boolean,
  onJoined: () => void,
): JoinState {
  // The answer to the join with each link; until it comes (or with a new link) the join is on.
  const [answer, setAnswer] = useState<{ token: string; state: JoinState } | null>(null);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (seated || !token || asked.current === token) return;
    asked.current = token;
    withRetry(() => tablesApi.join(token))
      .then(() => {
        setAnswer({ token, state: "joined" });
        onJoined();
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError) setAnswer({ token, state: { refused: error } });
      });
  }, [token, seated, onJoined]);
  if (seated) return "joined";
  return answer && answer.token === token ? answer.state : "joining";
}
