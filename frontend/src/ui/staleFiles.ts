// After a new version is deployed, the files of the version a tab was opened on are gone, so the
// tab's next page whose code was not loaded yet cannot load (Vite says so with a
// "vite:preloadError" event). Loading the page again fetches the new version. Once a minute at
// most: when the files fail again right after, another reload would not help, and the page's
// error screen (PageErrorBoundary) says so instead of the tab reloading in a loop.

const KEY = "memulation.reloadedForStaleFiles";
export const RELOAD_AT_MOST_EVERY_MS = 60_000;

/** Reloads the page for a file that failed to load, unless it did so less than a minute ago
 * (or the tab keeps no session storage, where a loop could not be told apart). Returns whether
 * it reloaded. */
export function reloadForStaleFiles(
  storage: Pick<Storage, "getItem" | "setItem"> | null = sessionStorageOrNull(),
  now: number = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  if (!storage) return false;
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < RELOAD_AT_MOST_EVERY_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage refused by the browser's settings
  }
}

export function listenForStaleFiles(): void {
  window.addEventListener("vite:preloadError", () => void reloadForStaleFiles());
}
