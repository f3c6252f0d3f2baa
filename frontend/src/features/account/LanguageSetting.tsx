import { Trans } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { activate } from "../../i18n/i18n";
import { LanguagePicker } from "../../i18n/LanguagePicker";
import type { Language } from "../../i18n/languages";
import { setMyLanguage } from "../../api/auth";

/** The staff member's own language, kept on their account: every staff page follows it. */
export function LanguageSetting() {
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const choose = (language: Language) => {
    setSaving(true);
    setFailed(false);
    setMyLanguage(language)
      .then(async (me) => {
        await activate(me.language);
        client.setQueryData(["me"], me);
      })
      .catch(() => setFailed(true))
      .finally(() => setSaving(false));
  };
  return (
    <section aria-labelledby="language-heading">
      <h2 id="language-heading">
        <Trans>Language</Trans>
      </h2>
      <p>
        <LanguagePicker onChange={choose} disabled={saving} />
      </p>
      {failed && (
        <p role="alert" className="error">
          <Trans>The language could not be changed. Please try again.</Trans>
        </p>
      )}
    </section>
  );
}
