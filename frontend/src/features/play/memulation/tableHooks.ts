// The Memulation table's hooks: the sort orders a person chose (kept per game), the focus moved
// to the next thing to do, and a later hand started as soon as it is on screen.

import { useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import { focusGroup, focusInView } from "../table/roving";
import type { GameConnection } from "../useGame";

export function useSortOrders(gameId: number) {
  const key = `memulation.sorts.${gameId}`;
  const [orders, setOrders] = useState<Record<string, string[]>>(() => {
    try {
      return JSON.parse(window.sessionStorage.getItem(key) ?? "{}") as Record<string, string[]>;
    } catch {
      return {};
    }
  });
  const save = (hand: string, order: string[]) => {
    setOrders((old) => {
      const next = { ...old, [hand]: order };
      try {
        window.sessionStorage.setItem(key, JSON.stringify(next));
      } catch {
        // ignore
      }
      return next;
    });
  };
  return [orders, save] as const;
}

/** When ``key`` changes and the focus was lost (its button went), focus the table's
 * ``[data-next]``: a button, or the tab stop of a group of buttons. */
export function useFocusNext(box: RefObject<HTMLElement | null>, key: string) {
  useEffect(() => {
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    const next = box.current?.querySelector<HTMLElement>("[data-next]");
    if (!next) return;
    if (next instanceof HTMLButtonElement) focusInView(next);
    else focusGroup(next);
  }, [box, key]);
}

/** Say "start" once for the waiting hand ``key``, when the page is on screen. */
export function useAutoStart(key: string | null, game: GameConnection) {
  const sent = useRef<string | null>(null);
  const { examine } = game;
  useEffect(() => {
    if (!key) return;
    const shown = performance.now();
    const go = () => {
      if (document.visibilityState === "hidden" || sent.current === key) return;
      sent.current = key;
      void examine({ type: "start" }, performance.now() - shown);
    };
    go();
    document.addEventListener("visibilitychange", go);
    return () => document.removeEventListener("visibilitychange", go);
  }, [key, examine]);
}
