// Passkeys through the browser's own WebAuthn JSON helpers (offered by current browsers); where
// they are missing, the passkey buttons are not shown and the app's codes remain.

type JsonCredential = PublicKeyCredential & { toJSON(): unknown };
interface PublicKeyCredentialJson {
  parseCreationOptionsFromJSON?(options: unknown): CredentialCreationOptions["publicKey"];
  parseRequestOptionsFromJSON?(options: unknown): CredentialRequestOptions["publicKey"];
}

function helpers(): PublicKeyCredentialJson | null {
  const pkc = (globalThis as { PublicKeyCredential?: PublicKeyCredentialJson }).PublicKeyCredential;
  if (!pkc?.parseCreationOptionsFromJSON || !pkc.parseRequestOptionsFromJSON) return null;
  return pkc;
}

export function passkeysOffered(): boolean {
  return helpers() !== null && typeof navigator.credentials?.create === "function";
}

/** The browser's answer to the server's options: a new passkey (register) or a signature. */
export async function createPasskey(options: unknown): Promise<unknown> {
  const publicKey = helpers()!.parseCreationOptionsFromJSON!(options);
  const credential = (await navigator.credentials.create({ publicKey })) as JsonCredential;
  return credential.toJSON();
}

export async function signWithPasskey(options: unknown): Promise<unknown> {
  const publicKey = helpers()!.parseRequestOptionsFromJSON!(options);
  const credential = (await navigator.credentials.get({ publicKey })) as JsonCredential;
  return credential.toJSON();
}
