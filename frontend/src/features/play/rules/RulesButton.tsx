// "How to play": the rules again, at any time during a game, in a dialog that keeps the table.

import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Rules } from "./Rules";
import type { TrumpRule } from "./Rules";

export function RulesButton({
  game,
  examinationSeconds,
  trumpRule,
}: {
  game: "memulation" | "mendikot";
  examinationSeconds?: number;
  trumpRule?: TrumpRule;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === "function") d.showModal();
      else d.setAttribute("open", "");
    } else if (!open && d.open) {
      if (typeof d.close === "function") d.close();
      else d.removeAttribute("open");
    }
  }, [open]);
  return (
    <>
      <button
        type="button"
        className="btn secondary small"
        onClick={() => setOpen(true)}
        data-testid="rules-open"
      >
        <Trans>How to play</Trans>
      </button>
      <dialog
        ref={dialog}
        className="rules-dialog"
        aria-labelledby="rules-dialog-title"
        onClose={() => setOpen(false)}
        data-testid="rules-dialog"
      >
        <div className="rules-dialog-head">
          <h2 id="rules-dialog-title">
            {game === "mendikot" ? t`How to play Mendikot` : t`How to play Memulation`}
          </h2>
          <button
            type="button"
            className="btn primary"
            onClick={() => setOpen(false)}
            data-testid="rules-close"
          >
            <Trans>Back to the game</Trans>
          </button>
        </div>
        {open && (
          <Rules game={game} examinationSeconds={examinationSeconds} trumpRule={trumpRule} />
        )}
      </dialog>
    </>
  );
}
