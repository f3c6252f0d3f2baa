// Participant mode: a device handed over by staff, or opened by a participant's link, reaches
// only its game. It is kept on the device (every tab), so a new tab, a reload or the browser's
// Back button lands on the game again; leaving takes the PIN the staff member set when handing
// over, or a staff sign-in.

const KEY = "memulation.participant-mode";

export interface ParticipantMode {
  /** The game's page: the only page the device shows. */
  path: string;
  /** The staff page to return to on leaving (a handed-over staff device). */
  returnTo?: string;
  /** The PIN's digest, when the staff member set one (hex SHA-256 of salt and PIN). */
  pin?: string;
  salt?: string;
}

export function participantMode(): ParticipantMode | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const mode = JSON.parse(raw) as ParticipantMode;
    return typeof mode.path === "string" && mode.path.startsWith("/") ? mode : null;
  } catch {
    return null;
  }
}

function save(mode: ParticipantMode | null): void {
  try {
    if (mode) window.localStorage.setItem(KEY, JSON.stringify(mode));
    else window.localStorage.removeItem(KEY);
  } catch {
    // storage refused (private mode): the lock holds for as long as the page stays open
  }
  window.dispatchEvent(new Event("participant-mode"));
}

async function digest(salt: string, pin: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  // Outside a secure context there is no digest; the PIN is then kept as typed (on this device
  // only, and it guards against a tap, not against someone with the browser's tools).
  if (!subtle) return `plain:${pin}`;
  const bytes = await subtle.digest("SHA-256", new TextEncoder().encode(`${salt}:${pin}`));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A PIN of 4 to 8 digits. */
export function validPin(pin: string): boolean {
  return /^\d{4,8}$/.test(pin);
}

/** Hand this device over: from now on it shows only ``path``. */
export async function enterParticipantMode(
  path: string,
  { pin, returnTo }: { pin?: string; returnTo?: string } = {},
): Promise<void> {
  if (!pin) {
    save({ path, returnTo });
    return;
  }
  const salt = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(8)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
  save({ path, returnTo, salt, pin: await digest(salt, pin) });
}

/** A participant's link that no longer works keeps no device: the lock it set is lifted (a device
 * handed over by staff keeps its own, and a lock on another game stays). */
export function releaseDeadLink(path: string): void {
  const mode = participantMode();
  if (mode && mode.path === path && !mode.returnTo) save(null);
}

/** Leave with the PIN: true when it was the right one. */
export async function leaveWithPin(pin: string): Promise<boolean> {
  const mode = participantMode();
  if (!mode?.pin || !mode.salt) return false;
  if ((await digest(mode.salt, pin)) !== mode.pin) return false;
  save(null);
  return true;
}

/** Leave after a staff sign-in (checked by the server). */
export function leaveAsStaff(): void {
  save(null);
}
