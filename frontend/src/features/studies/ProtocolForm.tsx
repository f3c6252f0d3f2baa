// The form for a new protocol, or a new version of one (same name, next version number).

import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent } from "react";
import type { Adaptive, Protocol } from "../../api/types";
import { ADAPTIVE_DEFAULTS, OPPONENTS } from "./protocols";
import type { ProtocolDraft } from "./protocols";
import { opponentWords } from "./protocols";

export function ProtocolForm({
  draft,
  onChange,
  onSave,
  onCancel,
  error,
  busy,
}: {
  draft: ProtocolDraft;
  onChange: (d: ProtocolDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  error: string | null;
  busy: boolean;
}) {
  const { t } = useLingui();
  const name = draft.name ?? "";
  const next = Number(draft.version) + 1;
  const set = (change: ProtocolDraft) => onChange({ ...draft, ...change });
  const adaptive = { ...ADAPTIVE_DEFAULTS, ...draft.adaptive };
  const setAdaptive = (change: Partial<Adaptive>) => set({ adaptive: { ...adaptive, ...change } });
  const isVersion = draft.id !== undefined;
  return (
    <form
      className="card-panel protocol-form"
      aria-labelledby="protocol-form-title"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSave();
      }}
    >
      <h2 id="protocol-form-title">{isVersion ? t`New version of ${name}` : t`New protocol`}</h2>
      {isVersion && (
        <p className="muted">
          <Trans>
            Saving under the same name makes version {next}; sessions already run keep their
            version.
          </Trans>
        </p>
      )}
      <div className="form-grid">
        <div>
          <label htmlFor="pf-name">
            <Trans>Name</Trans>
          </label>
          <input
            id="pf-name"
            value={draft.name ?? ""}
            onChange={(e) => set({ name: e.target.value })}
            required
          />
        </div>
        <div>
          <label htmlFor="pf-game">
            <Trans>Game</Trans>
          </label>
          <select
            id="pf-game"
            value={draft.game}
            onChange={(e) => {
              const game = e.target.value as Protocol["game"];
              set({ game, opponent: OPPONENTS[game][1] });
            }}
          >
            <option value="memulation">{t`Memulation (2 players)`}</option>
            <option value="mendikot">{t`Mendikot (4 players)`}</option>
          </select>
        </div>
        <div>
          <label htmlFor="pf-rounds">
            <Trans>Rounds</Trans>
          </label>
          <input
            id="pf-rounds"
            type="number"
            min={1}
            max={20}
            value={draft.rounds ?? 1}
            onChange={(e) => set({ rounds: Number(e.target.value) })}
          />
        </div>
        <div>
          <label htmlFor="pf-exam">
            <Trans>Examination seconds</Trans>
          </label>
          <input
            id="pf-exam"
            type="number"
            min={5}
            max={600}
            value={draft.examination_seconds ?? 30}
            onChange={(e) => set({ examination_seconds: Number(e.target.value) })}
          />
        </div>
        <div>
          <label htmlFor="pf-opp">
            <Trans>Opponent</Trans>
          </label>
          <select
            id="pf-opp"
            value={draft.opponent}
            onChange={(e) => set({ opponent: e.target.value })}
          >
            {OPPONENTS[draft.game ?? "memulation"].map((o) => (
              <option key={o} value={o}>
                {opponentWords(o)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="pf-level">
            <Trans>Opponent level (0–1)</Trans>
          </label>
          <input
            id="pf-level"
            type="number"
            min={0}
            max={1}
            step={0.05}
            value={draft.opponent_level ?? 0.5}
            onChange={(e) => set({ opponent_level: Number(e.target.value) })}
          />
        </div>
        {draft.game === "memulation" ? (
          <>
            <div>
              <label htmlFor="pf-roles">
                <Trans>Roles</Trans>
              </label>
              <select
                id="pf-roles"
                value={draft.roles}
                onChange={(e) => set({ roles: e.target.value as Protocol["roles"] })}
              >
                <option value="cut">{t`Cut for Lucky Duck each round`}</option>
                <option value="participant_lucky">{t`Participant is always Lucky Duck`}</option>
                <option value="participant_lame">{t`Participant is always Lame Duck`}</option>
                <option value="alternate">{t`Alternate by round`}</option>
              </select>
            </div>
            <div>
              <label htmlFor="pf-tie">
                <Trans>Two wild cards</Trans>
              </label>
              <select
                id="pf-tie"
                value={draft.wild_tie}
                onChange={(e) => set({ wild_tie: e.target.value as Protocol["wild_tie"] })}
              >
                <option value="leader">{t`Card led wins`}</option>
                <option value="follower">{t`Card that followed wins`}</option>
              </select>
            </div>
            <div className="check">
              <input
                id="pf-intent"
                type="checkbox"
                checked={!!draft.stragedy_intent}
                onChange={(e) => set({ stragedy_intent: e.target.checked })}
              />
              <label htmlFor="pf-intent">
                <Trans>Ask for the intended card in the 'Stragedy</Trans>
              </label>
            </div>
            <div>
              <label htmlFor="pf-probes">
                <Trans>Recall probes per probe point (0: none)</Trans>
              </label>
              <input
                id="pf-probes"
                type="number"
                min={0}
                max={8}
                value={draft.recall_probes ?? 0}
                onChange={(e) => set({ recall_probes: Number(e.target.value) })}
              />
            </div>
          </>
        ) : (
          <div>
            <label htmlFor="pf-trump">
              <Trans>Trump rule</Trans>
            </label>
            <select
              id="pf-trump"
              value={draft.trump_rule}
              onChange={(e) => set({ trump_rule: e.target.value as Protocol["trump_rule"] })}
            >
              <option value="turn_up">{t`Turned-up card`}</option>
              <option value="hidden_reveal">{t`Hidden trump, revealed on first void`}</option>
              <option value="hidden_ask">{t`Hidden trump, revealed on request`}</option>
              <option value="first_void">{t`First void sets trump`}</option>
            </select>
          </div>
        )}
        <div className="check">
          <input
            id="pf-practice"
            type="checkbox"
            checked={draft.practice_round !== false}
            onChange={(e) => set({ practice_round: e.target.checked })}
          />
          <label htmlFor="pf-practice">
            <Trans>
              A practice round (the rules with pictures, then one short game) before a participant's
              first game
            </Trans>
          </label>
        </div>
        <div>
          <label htmlFor="pf-week">
            <Trans>Sessions per week</Trans>
          </label>
          <input
            id="pf-week"
            type="number"
            min={1}
            max={14}
            value={draft.sessions_per_week ?? 3}
            onChange={(e) => set({ sessions_per_week: Number(e.target.value) })}
          />
        </div>
      </div>
      <fieldset className="form-grid">
        <legend>
          <Trans>Turns</Trans>
        </legend>
        <div>
          <label htmlFor="pf-pace">
            <Trans>Opponent pace, seconds a card (0: at once)</Trans>
          </label>
          <input
            id="pf-pace"
            type="number"
            min={0}
            max={10}
            step={0.5}
            value={draft.opponent_pace_seconds ?? 2}
            onChange={(e) => set({ opponent_pace_seconds: Number(e.target.value) })}
          />
        </div>
        <div>
          <label htmlFor="pf-turn">
            <Trans>Turn timer, seconds (empty: no limit)</Trans>
          </label>
          <input
            id="pf-turn"
            type="number"
            min={5}
            max={600}
            value={draft.turn_seconds ?? ""}
            onChange={(e) =>
              set({ turn_seconds: e.target.value === "" ? null : Number(e.target.value) })
            }
          />
        </div>
        <div>
          <label htmlFor="pf-takeover">
            <Trans>At a table, a silent seat is played for after, seconds (empty: never)</Trans>
          </label>
          <input
            id="pf-takeover"
            type="number"
            min={5}
            max={3600}
            value={draft.takeover_seconds ?? ""}
            onChange={(e) =>
              set({ takeover_seconds: e.target.value === "" ? null : Number(e.target.value) })
            }
          />
        </div>
        <div>
          <label htmlFor="pf-takeover-level">
            <Trans>Strength of the player who takes over (0 to 1)</Trans>
          </label>
          <input
            id="pf-takeover-level"
            type="number"
            min={0}
            max={1}
            step={0.05}
            value={draft.takeover_level ?? 0.5}
            onChange={(e) => set({ takeover_level: Number(e.target.value) })}
          />
        </div>
      </fieldset>
      <fieldset className="form-grid">
        <legend>
          <Trans>Adaptive difficulty</Trans>
        </legend>
        <div className="check">
          <input
            id="pf-adaptive"
            type="checkbox"
            checked={!!adaptive.enabled}
            onChange={(e) => setAdaptive({ enabled: e.target.checked })}
          />
          <label htmlFor="pf-adaptive">
            <Trans>Move the examination time from session to session towards a recall target</Trans>
          </label>
        </div>
        {adaptive.enabled && (
          <>
            <div>
              <label htmlFor="pf-target">
                <Trans>Target recall (0 to 1)</Trans>
              </label>
              <input
                id="pf-target"
                type="number"
                min={0}
                max={1}
                step={0.05}
                value={adaptive.target_recall}
                onChange={(e) => setAdaptive({ target_recall: Number(e.target.value) })}
              />
            </div>
            <div>
              <label htmlFor="pf-step">
                <Trans>Step, seconds</Trans>
              </label>
              <input
                id="pf-step"
                type="number"
                min={1}
                max={60}
                value={adaptive.step_seconds}
                onChange={(e) => setAdaptive({ step_seconds: Number(e.target.value) })}
              />
            </div>
            <div>
              <label htmlFor="pf-min">
                <Trans>Shortest examination, seconds</Trans>
              </label>
              <input
                id="pf-min"
                type="number"
                min={5}
                max={600}
                value={adaptive.min_seconds}
                onChange={(e) => setAdaptive({ min_seconds: Number(e.target.value) })}
              />
            </div>
            <div>
              <label htmlFor="pf-max">
                <Trans>Longest examination, seconds</Trans>
              </label>
              <input
                id="pf-max"
                type="number"
                min={5}
                max={600}
                value={adaptive.max_seconds}
                onChange={(e) => setAdaptive({ max_seconds: Number(e.target.value) })}
              />
            </div>
            <div className="check">
              <input
                id="pf-adjust-opponent"
                type="checkbox"
                checked={!!adaptive.adjust_opponent}
                onChange={(e) => setAdaptive({ adjust_opponent: e.target.checked })}
              />
              <label htmlFor="pf-adjust-opponent">
                <Trans>The opponent's strength moves too</Trans>
              </label>
            </div>
          </>
        )}
      </fieldset>
      {isVersion && (
        <div>
          <label htmlFor="pf-reason">
            <Trans>Reason for the change</Trans>
          </label>
          <input
            id="pf-reason"
            value={draft.reason ?? ""}
            onChange={(e) => set({ reason: e.target.value })}
            required
          />
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="row-actions">
        <button type="button" className="btn secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn primary" disabled={busy || !draft.name}>
          {isVersion ? t`Save new version` : t`Create protocol`}
        </button>
      </div>
    </form>
  );
}
