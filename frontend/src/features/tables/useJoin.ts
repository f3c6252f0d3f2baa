// A device at a table takes its seat once, when its waiting room is first on screen (the join
// is idempotent on the server, so a reload or a second tab does no harm).

import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { withRetry } from "../play/actionQueue";
import { tablesApi } from "./api";

export type JoinState = "joining" | "joined" | { refused: ApiError };

export function useJoin(
  token: string | undefined,
  seated: boolean,
  onJoined: () => void,
): JoinState {
  const [state, setState] = useState<JoinState>(seated ? "joined" : "joining");
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (seated) {
      setState("joined");
      return;
    }
    if (!token || asked.current === token) return;
    asked.current = token;
    setState("joining");
    withRetry(() => tablesApi.join(token))
      .then(() => {
        setState("joined");
        onJoined();
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError) setState({ refused: error });
      });
  }, [token, seated, onJoined]);
  return state;
}
