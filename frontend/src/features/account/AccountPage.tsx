// Your account's second factors: the authenticator app, passkeys, recovery codes.

import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { getFactors, newRecoveryCodes } from "../../api/auth";
import { AddFactor, RecoveryCodes } from "../../auth/SecondFactor";
import { formatList } from "../../i18n/format";
import { ErrorNote, Loading } from "../../ui/widgets";
import { LanguageSetting } from "./LanguageSetting";

export function AccountPage() {
  const { t } = useLingui();
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
  const none = t`none`;
  const passkeys = f?.passkeys.length ? formatList(f.passkeys.map((p) => p.name)) : none;
  const codesLeft = f?.recovery_codes_left ?? 0;
  return (
    <section>
      <h1>
        <Trans>Sign-in security</Trans>
      </h1>
      {f && (
        <ul>
          <li>
            {f.enforced
              ? t`Your account must sign in with a second factor.`
              : t`A second factor is optional for your account.`}
          </li>
          <li>{f.totp ? t`Authenticator app: set up` : t`Authenticator app: ${none}`}</li>
          <li>{t`Passkeys: ${passkeys}`}</li>
          <li>
            <Trans>Recovery codes left: {codesLeft}</Trans>
          </li>
        </ul>
      )}
      {factors.isLoading && <Loading />}
      <ErrorNote error={factors.error} what={t`Your second factors`} />
      {/* The actions come once the list above them has loaded: nothing moves under the pointer. */}
      {!f ? null : codes !== null ? (
        <RecoveryCodes codes={codes} onDone={done} />
      ) : adding ? (
        <AddFactor onDone={done} />
      ) : (
        <p>
          <button type="button" className="btn primary" onClick={() => setAdding(true)}>
            <Trans>Add a second factor</Trans>
          </button>{" "}
          {(f.totp || f.passkeys.length > 0) && (
            <button
              type="button"
              className="btn secondary"
              onClick={() => void newRecoveryCodes().then((r) => setCodes(r.recovery_codes))}
            >
              <Trans>New recovery codes</Trans>
            </button>
          )}
        </p>
      )}
      <LanguageSetting />
    </section>
  );
}
