import { describe, expect, it, vi } from "vitest";
import { RELOAD_AT_MOST_EVERY_MS, listenForStaleFiles, reloadForStaleFiles } from "./staleFiles";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("reloadForStaleFiles", () => {
  it("reloads once, then not again within the minute, then again after it", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const t0 = 1_800_000_000_000;
    expect(reloadForStaleFiles(storage, t0, reload)).toBe(true);
    expect(reloadForStaleFiles(storage, t0 + RELOAD_AT_MOST_EVERY_MS - 1, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForStaleFiles(storage, t0 + RELOAD_AT_MOST_EVERY_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads without session storage, where a loop could not be stopped", () => {
    const reload = vi.fn();
    expect(reloadForStaleFiles(null, Date.now(), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("answers the bundler's event for a file that failed to load", () => {
    const reload = vi.fn();
    const location = window.location;
    // jsdom's location cannot reload; a stand-in records the call.
    Object.defineProperty(window, "location", {
      value: { ...location, reload },
      configurable: true,
    });
    try {
      window.sessionStorage.clear();
      listenForStaleFiles();
      window.dispatchEvent(new Event("vite:preloadError"));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(window, "location", { value: location, configurable: true });
    }
  });
});
