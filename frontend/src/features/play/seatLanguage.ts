// The language of the participant at a seat: the play screen speaks it, and the participant
// changes it from there (by the device's link, or by game id on a handed-over staff device).

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answer, typedApi } from "../../api/client";
import { activate } from "../../i18n/i18n";
import type { Language } from "../../i18n/languages";
import { useReaderLanguage } from "../../i18n/LanguageProvider";
import type { SeatTarget } from "../../api/play";

function languageCalls(target: SeatTarget) {
  if ("token" in target) {
    const seat = { params: { path: { token: target.token } } };
    return {
      get: () => answer(typedApi.GET("/api/play/{token}/language/", seat)),
      put: (language: Language) =>
        answer(typedApi.PUT("/api/play/{token}/language/", { ...seat, body: { language } })),
    };
  }
  const seat = { params: { path: { game_id: Number(target.gameId) } } };
  return {
    get: () => answer(typedApi.GET("/api/games/{game_id}/language/", seat)),
    put: (language: Language) =>
      answer(typedApi.PUT("/api/games/{game_id}/language/", { ...seat, body: { language } })),
  };
}

/** The seat's participant's language, followed by the page; `change` is the participant's
 * choice. */
export function useSeatLanguage(target: SeatTarget) {
  const client = useQueryClient();
  const key = ["seat-language", target];
  const calls = languageCalls(target);
  const seat = useQuery({
    queryKey: key,
    queryFn: () => calls.get(),
    staleTime: Infinity,
  });
  useReaderLanguage(seat.data?.language);
  const change = useMutation({
    mutationFn: (language: Language) => calls.put(language),
    onSuccess: async (body) => {
      await activate(body.language);
      client.setQueryData(key, body);
    },
  });
  return { change: (language: Language) => change.mutate(language), busy: change.isPending };
}
