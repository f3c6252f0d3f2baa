// Who is signed in: /api/me through react-query. Staff pages render only when signed in.

import { Trans } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { ApiError } from "../api/client";
import type { Challenge, Me } from "../api/types";
import { fetchCsrfCookie, getMe, logIn, logOut } from "../api/auth";
import { setClinicTimeZone } from "../ui/dates";

export function useMe() {
  const me = useQuery<Me | null>({
    queryKey: ["me"],
    queryFn: async () => {
      try {
        return await getMe();
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403))
          return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: 1,
  });
  // However /api/me came (this query, or a sign-in's answer), its dates are the clinic's: set
  // while rendering, before the pages under it compute today's date in their first render.
  setClinicTimeZone(me.data?.time_zone);
  return me;
}

/** The staff member when signed in, else the second factor still needed. */
export async function signIn(username: string, password: string): Promise<Me | Challenge> {
  await fetchCsrfCookie();
  return logIn(username, password);
}

export function useSignOut() {
  const client = useQueryClient();
  return async () => {
    try {
      await logOut();
    } finally {
      client.clear();
      client.setQueryData(["me"], null);
    }
  };
}

export function RequireStaff({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isLoading) {
    return (
      <p className="big-message" role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  if (!me.data) {
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname)}`} replace />;
  }
  return <>{children}</>;
}

export function canResearch(me: Me | null | undefined): boolean {
  return me?.role === "admin" || me?.role === "researcher";
}
