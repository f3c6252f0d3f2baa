// Player display preferences, kept on the device: four-colour deck, larger print, trick pause.

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { ReactNode } from "react";
import type { Palette } from "./cards";

export type CardSize = "standard" | "large" | "largest";
export const CARD_SIZES: CardSize[] = ["standard", "large", "largest"];

export interface DisplaySettings {
  palette: Palette;
  largePrint: boolean;
  /** How big the cards are drawn; larger print makes them at least "large". */
  cardSize: CardSize;
  /** How long a finished trick stays face up before it is turned over, in ms. */
  trickPauseMs: number;
}

const DEFAULTS: DisplaySettings = {
  palette: "two",
  largePrint: false,
  cardSize: "standard",
  trickPauseMs: 1600,
};

/** The card size in force: the chosen one, at least "large" with larger print. */
export function effectiveCardSize(settings: DisplaySettings): CardSize {
  const chosen = CARD_SIZES.includes(settings.cardSize) ? settings.cardSize : "standard";
  return settings.largePrint && chosen === "standard" ? "large" : chosen;
}
const KEY = "memulation.display";

function load(): DisplaySettings {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (raw) return { ...DEFAULTS, ...(JSON.parse(raw) as Partial<DisplaySettings>) };
  } catch {
    // private mode or bad JSON: defaults
  }
  return DEFAULTS;
}

interface SettingsContextValue {
  settings: DisplaySettings;
  update: (change: Partial<DisplaySettings>) => void;
}

const SettingsContext = createContext<SettingsContextValue>({
  settings: DEFAULTS,
  update: () => undefined,
});

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<DisplaySettings>(load);
  const update = useCallback((change: Partial<DisplaySettings>) => {
    setSettings((old) => {
      const next = { ...old, ...change };
      try {
        window.localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // ignore
      }
      return next;
    });
  }, []);
  useEffect(() => {
    document.documentElement.classList.toggle("large-print", settings.largePrint);
  }, [settings.largePrint]);
  const cardSize = effectiveCardSize(settings);
  useEffect(() => {
    document.documentElement.dataset.cardSize = cardSize;
  }, [cardSize]);
  const value = useMemo(() => ({ settings, update }), [settings, update]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  return useContext(SettingsContext);
}
