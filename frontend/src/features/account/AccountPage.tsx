// Your account's second factors: the authenticator app, passkeys, recovery codes.

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { getFactors, newRecoveryCodes } from "../../api/auth";
import { AddFactor, RecoveryCodes } from "../../auth/SecondFactor";
import { LanguageSetting } from "./LanguageSetting";

export function AccountPage() {
  const client = useQueryClient();
  const factors = useQuery({ queryKey: ["factors"], queryFn: getFactors });
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const done = () => {
    setAdding(false);
    setCodes(null);
    void client.invalidateQueries({ queryKey: ["factors"] });
  };
  const f = factors.data;
  return (
    <section>
      <h1>Sign-in security</h1>
      {f && (
        <ul>
          <li>
            {f.enforced
              ? "Your account must sign in with a second factor."
              : "A second factor is optional for your account."}
          </li>
          <li>Authenticator app: {f.totp ? "set up" : "none"}</li>
          <li>Passkeys: {f.passkeys.length ? f.passkeys.map((p) => p.name).join(", ") : "none"}</li>
          <li>Recovery codes left: {f.recovery_codes_left}</li>
        </ul>
      )}
      {codes !== null ? (
        <RecoveryCodes codes={codes} onDone={done} />
      ) : adding ? (
        <AddFactor onDone={done} />
      ) : (
        <p>
          <button type="button" className="btn primary" onClick={() => setAdding(true)}>
            Add a second factor
          </button>{" "}
          {f && (f.totp || f.passkeys.length > 0) && (
            <button
              type="button"
              className="btn secondary"
              onClick={() => void newRecoveryCodes().then((r) => setCodes(r.recovery_codes))}
            >
              New recovery codes
            </button>
          )}
        </p>
      )}
      <LanguageSetting />
    </section>
  );
}
