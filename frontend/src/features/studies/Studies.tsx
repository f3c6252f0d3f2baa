// Researcher pages: studies, a study's protocols (new versions, sessions per version), its
// participants (enrol, consent, clinicians), its cohort and its exports.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { Link, NavLink, Outlet, useParams } from "react-router";
import { rows } from "../../api/client";
import type { Participant, Protocol, ProtocolWrite } from "../../api/types";
import { useMe } from "../auth/auth";
import { EnrolForm } from "../participants/Enrol";
import { ErrorNote, Loading, errorText, formatDate } from "../../ui/widgets";
import {
  createProtocol,
  createStudy,
  getCohort,
  getStudy,
  listClinicians,
  listProtocols,
  listStudies,
  listStudyParticipants,
  listStudySessions,
  setClinicians,
} from "./api";

export function StudiesPage() {
  const client = useQueryClient();
  const studies = useQuery({
    queryKey: ["studies"],
    queryFn: listStudies,
  });
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const create = useMutation({
    mutationFn: () => createStudy({ name, description }),
    onSuccess: () => {
      setName("");
      setDescription("");
      void client.invalidateQueries({ queryKey: ["studies"] });
    },
  });
  return (
    <section aria-labelledby="studies-title">
      <h1 id="studies-title">Studies</h1>
      {studies.isLoading && <Loading />}
      <ErrorNote error={studies.error} what="Studies" />
      <ul className="study-list">
        {rows(studies.data).map((s) => (
          <li key={s.id} className="card-panel">
            <h2>
              <Link to={`/studies/${s.id}`}>{s.name}</Link>
            </h2>
            <p>{s.description || <span className="muted">No description.</span>}</p>
            <div className="muted">Created {formatDate(s.created_at)}</div>
          </li>
        ))}
      </ul>
      <form
        className="card-panel"
        aria-labelledby="new-study"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <h2 id="new-study">New study</h2>
        <label htmlFor="study-name">Name</label>
        <input id="study-name" value={name} onChange={(e) => setName(e.target.value)} required />
        <label htmlFor="study-desc">Description</label>
        <textarea
          id="study-desc"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={2}
        />
        {create.error && (
          <p className="form-error" role="alert">
            {errorText(create.error)}
          </p>
        )}
        <button type="submit" className="btn primary" disabled={!name || create.isPending}>
          Create study
        </button>
      </form>
    </section>
  );
}

export function useStudy(id: string) {
  return useQuery({
    queryKey: ["study", id],
    queryFn: () => getStudy(id),
  });
}

export function StudyLayout() {
  const { id = "" } = useParams();
  const study = useStudy(id);
  if (study.isLoading) return <Loading />;
  if (!study.data) return <ErrorNote error={study.error} what="This study" />;
  return (
    <section aria-labelledby="study-title">
      <h1 id="study-title">{study.data.name}</h1>
      <nav className="tabs" aria-label="Study sections">
        <NavLink to={`/studies/${id}`} end>
          Protocols
        </NavLink>
        <NavLink to={`/studies/${id}/participants`}>Participants</NavLink>
        <NavLink to={`/studies/${id}/cohort`}>Cohort</NavLink>
        <NavLink to={`/studies/${id}/exports`}>Exports</NavLink>
      </nav>
      <Outlet />
    </section>
  );
}

const BLANK: Partial<Protocol> = {
  name: "",
  game: "memulation",
  rounds: 1,
  examination_seconds: 30,
  roles: "cut",
  opponent: "greedy",
  opponent_level: 0.5,
  wild_tie: "leader",
  stragedy_intent: true,
  trump_rule: "hidden_ask",
  sessions_per_week: 3,
};

const OPPONENTS: Record<string, string[]> = {
  memulation: ["random", "greedy", "memory", "perfect"],
  mendikot: ["random", "heuristic", "tracker"],
};

export function ProtocolsTab() {
  const { id = "" } = useParams();
  const client = useQueryClient();
  const protocols = useQuery({
    queryKey: ["protocols", Number(id)],
    queryFn: () => listProtocols(id),
  });
  const [draft, setDraft] = useState<Partial<Protocol> | null>(null);
  const [showing, setShowing] = useState<number | null>(null);
  const sessions = useQuery({
    queryKey: ["study-sessions", id],
    queryFn: () => listStudySessions(id),
    enabled: showing !== null,
  });
  const save = useMutation({
    mutationFn: (body: ProtocolWrite) => createProtocol(id, body),
    onSuccess: () => {
      setDraft(null);
      void client.invalidateQueries({ queryKey: ["protocols", Number(id)] });
    },
  });
  const list = rows(protocols.data);
  return (
    <div>
      {protocols.isLoading && <Loading />}
      <ErrorNote error={protocols.error} what="Protocols" />
      {list.length > 0 && (
        <table className="data-table" data-testid="protocol-table">
          <thead>
            <tr>
              <th scope="col">Protocol</th>
              <th scope="col">Version</th>
              <th scope="col">Game</th>
              <th scope="col">Settings</th>
              <th scope="col">Sessions</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.name}</th>
                <td>v{p.version}</td>
                <td>{p.game}</td>
                <td className="small">
                  {p.rounds} round{p.rounds === 1 ? "" : "s"} · {p.examination_seconds} s ·{" "}
                  {p.game === "memulation" ? `roles ${p.roles}` : `trump ${p.trump_rule}`} · opponent{" "}
                  {p.opponent} ({p.opponent_level}) · {p.sessions_per_week}/week
                </td>
                <td>
                  <button
                    type="button"
                    className="btn link small"
                    aria-expanded={showing === p.id}
                    onClick={() => setShowing(showing === p.id ? null : p.id)}
                  >
                    {p.session_count} {p.session_count === 1 ? "session" : "sessions"}
                  </button>
                </td>
                <td>{formatDate(p.created_at)}</td>
                <td>
                  <button type="button" className="btn secondary small" onClick={() => setDraft({ ...p })}>
                    New version
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {showing !== null && (
        <div className="card-panel" data-testid="protocol-sessions">
          <h2>
            Sessions run with {list.find((p) => p.id === showing)?.name} v
            {list.find((p) => p.id === showing)?.version}
          </h2>
          {sessions.isLoading && <Loading />}
          <ul>
            {rows(sessions.data)
              .filter((s) => s.protocol === showing)
              .map((s) => (
                <li key={s.id}>
                  <Link to={`/sessions/${s.id}`}>
                    {s.participant_code}, session {s.number}
                  </Link>{" "}
                  · {s.status} · {formatDate(s.started_at ?? s.scheduled_for, true)}
                </li>
              ))}
          </ul>
        </div>
      )}
      {!draft && (
        <button type="button" className="btn primary" onClick={() => setDraft({ ...BLANK })}>
          New protocol
        </button>
      )}
      {draft && (
        <ProtocolForm
          draft={draft}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onSave={() => {
            const body: ProtocolWrite = {
              // the form cannot be sent without a name (required, and the button is disabled)
              name: draft.name ?? "",
              game: draft.game,
              rounds: Number(draft.rounds),
              examination_seconds: Number(draft.examination_seconds),
              roles: draft.roles,
              // one of OPPONENTS, the schema's choices (the read body types it as a plain string)
              opponent: draft.opponent as ProtocolWrite["opponent"],
              opponent_level: Number(draft.opponent_level),
              wild_tie: draft.wild_tie,
              stragedy_intent: draft.stragedy_intent,
              trump_rule: draft.trump_rule,
              sessions_per_week: Number(draft.sessions_per_week),
            };
            save.mutate(body);
          }}
          error={save.error ? errorText(save.error) : null}
          busy={save.isPending}
        />
      )}
    </div>
  );
}

function ProtocolForm({
  draft,
  onChange,
  onSave,
  onCancel,
  error,
  busy,
}: {
  draft: Partial<Protocol>;
  onChange: (d: Partial<Protocol>) => void;
  onSave: () => void;
  onCancel: () => void;
  error: string | null;
  busy: boolean;
}) {
  const set = (change: Partial<Protocol>) => onChange({ ...draft, ...change });
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
      <h2 id="protocol-form-title">
        {isVersion ? `New version of ${draft.name}` : "New protocol"}
      </h2>
      {isVersion && (
        <p className="muted">
          Saving under the same name makes version {Number(draft.version) + 1}; sessions already run
          keep their version.
        </p>
      )}
      <div className="form-grid">
        <div>
          <label htmlFor="pf-name">Name</label>
          <input id="pf-name" value={draft.name ?? ""} onChange={(e) => set({ name: e.target.value })} required />
        </div>
        <div>
          <label htmlFor="pf-game">Game</label>
          <select
            id="pf-game"
            value={draft.game}
            onChange={(e) => {
              const game = e.target.value as Protocol["game"];
              set({ game, opponent: OPPONENTS[game][1] });
            }}
          >
            <option value="memulation">Memulation (2 players)</option>
            <option value="mendikot">Mendikot (4 players)</option>
          </select>
        </div>
        <div>
          <label htmlFor="pf-rounds">Rounds</label>
          <input id="pf-rounds" type="number" min={1} max={20} value={draft.rounds ?? 1} onChange={(e) => set({ rounds: Number(e.target.value) })} />
        </div>
        <div>
          <label htmlFor="pf-exam">Examination seconds</label>
          <input id="pf-exam" type="number" min={5} max={600} value={draft.examination_seconds ?? 30} onChange={(e) => set({ examination_seconds: Number(e.target.value) })} />
        </div>
        <div>
          <label htmlFor="pf-opp">Opponent</label>
          <select id="pf-opp" value={draft.opponent} onChange={(e) => set({ opponent: e.target.value })}>
            {OPPONENTS[draft.game ?? "memulation"].map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="pf-level">Opponent level (0–1)</label>
          <input id="pf-level" type="number" min={0} max={1} step={0.05} value={draft.opponent_level ?? 0.5} onChange={(e) => set({ opponent_level: Number(e.target.value) })} />
        </div>
        {draft.game === "memulation" ? (
          <>
            <div>
              <label htmlFor="pf-roles">Roles</label>
              <select id="pf-roles" value={draft.roles} onChange={(e) => set({ roles: e.target.value as Protocol["roles"] })}>
                <option value="cut">Cut for Lucky Duck each round</option>
                <option value="participant_lucky">Participant is always Lucky Duck</option>
                <option value="participant_lame">Participant is always Lame Duck</option>
                <option value="alternate">Alternate by round</option>
              </select>
            </div>
            <div>
              <label htmlFor="pf-tie">Two wild cards</label>
              <select id="pf-tie" value={draft.wild_tie} onChange={(e) => set({ wild_tie: e.target.value as Protocol["wild_tie"] })}>
                <option value="leader">Card led wins</option>
                <option value="follower">Card that followed wins</option>
              </select>
            </div>
            <div className="check">
              <input id="pf-intent" type="checkbox" checked={!!draft.stragedy_intent} onChange={(e) => set({ stragedy_intent: e.target.checked })} />
              <label htmlFor="pf-intent">Ask for the intended card in the 'Stragedy</label>
            </div>
          </>
        ) : (
          <div>
            <label htmlFor="pf-trump">Trump rule</label>
            <select id="pf-trump" value={draft.trump_rule} onChange={(e) => set({ trump_rule: e.target.value as Protocol["trump_rule"] })}>
              <option value="turn_up">Turned-up card</option>
              <option value="hidden_reveal">Hidden trump, revealed on first void</option>
              <option value="hidden_ask">Hidden trump, revealed on request</option>
              <option value="first_void">First void sets trump</option>
            </select>
          </div>
        )}
        <div>
          <label htmlFor="pf-week">Sessions per week</label>
          <input id="pf-week" type="number" min={1} max={14} value={draft.sessions_per_week ?? 3} onChange={(e) => set({ sessions_per_week: Number(e.target.value) })} />
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="row-actions">
        <button type="button" className="btn secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn primary" disabled={busy || !draft.name}>
          {isVersion ? "Save new version" : "Create protocol"}
        </button>
      </div>
    </form>
  );
}

export function StudyParticipantsTab() {
  const { id = "" } = useParams();
  const study = useStudy(id);
  const me = useMe().data;
  const participants = useQuery({
    queryKey: ["study-participants", id],
    queryFn: () => listStudyParticipants(id),
  });
  return (
    <div>
      <EnrolForm studyId={Number(id)} />
      {participants.isLoading && <Loading />}
      <ErrorNote error={participants.error} what="Participants" />
      <table className="data-table" data-testid="study-participants">
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Age band</th>
            <th scope="col">Group</th>
            <th scope="col">Consent</th>
            <th scope="col">Clinicians</th>
          </tr>
        </thead>
        <tbody>
          {rows(participants.data).map((p) => (
            <tr key={p.id}>
              <th scope="row">
                <Link to={`/participants/${p.id}`}>{p.code}</Link>
              </th>
              <td>{p.age_band}</td>
              <td>{p.group || "–"}</td>
              <td>
                {p.consent_withdrawn_at
                  ? "withdrawn"
                  : p.has_consent
                    ? `${formatDate(p.consent_date)} (${p.consent_form_version})`
                    : "not yet"}
              </td>
              <td>
                <ClinicianPicker
                  participant={p}
                  team={study.data?.clinicians ?? []}
                  meId={me?.id}
                  meName={me?.username}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Assign the study's clinical team members to a participant. */
function ClinicianPicker({
  participant,
  team,
  meId,
  meName,
}: {
  participant: Participant;
  team: number[];
  meId?: number;
  meName?: string;
}) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<number[]>(participant.clinicians);
  const save = useMutation({
    mutationFn: (clinicians: number[]) => setClinicians(participant.id, clinicians),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["study-participants"] }),
  });
  // Names of the clinicians (the staff list is open to researchers and administrators).
  const staff = useQuery({
    queryKey: ["staff", "clinician"],
    queryFn: listClinicians,
    retry: false,
    staleTime: 60_000,
  });
  const everyone = Array.from(new Set([...team, ...participant.clinicians]));
  if (everyone.length === 0) return <span className="muted">no clinical team</span>;
  const names = new Map((staff.data ?? []).map((m) => [m.id, m.name]));
  const name = (uid: number) =>
    uid === meId ? `${meName} (you)` : (names.get(uid) ?? `staff #${uid}`);
  return (
    <fieldset className="clinicians">
      <legend className="sr-only">Clinicians of {participant.code}</legend>
      {everyone.map((uid) => (
        <label key={uid} className="check-inline">
          <input
            type="checkbox"
            checked={chosen.includes(uid)}
            onChange={(e) => {
              const next = e.target.checked ? [...chosen, uid] : chosen.filter((c) => c !== uid);
              setChosen(next);
              save.mutate(next);
            }}
          />
          {name(uid)}
        </label>
      ))}
      {save.error && (
        <span className="form-error" role="alert">
          {errorText(save.error)}
        </span>
      )}
    </fieldset>
  );
}

export function CohortTab() {
  const { id = "" } = useParams();
  const cohort = useQuery({
    queryKey: ["cohort", id],
    queryFn: () => getCohort(id),
    retry: false,
  });
  return (
    <div>
      {cohort.isLoading && <Loading />}
      <ErrorNote error={cohort.error} what="The cohort view" />
      {cohort.data !== undefined && <GenericTable data={cohort.data} />}
    </div>
  );
}

/** A table for a list of flat records (the cohort contract is still settling). */
function GenericTable({ data }: { data: unknown }) {
  const list: Record<string, unknown>[] = Array.isArray(data)
    ? (data as Record<string, unknown>[])
    : Array.isArray((data as { results?: unknown })?.results)
      ? ((data as { results: Record<string, unknown>[] }).results)
      : Array.isArray((data as { metrics?: unknown })?.metrics)
        ? ((data as { metrics: Record<string, unknown>[] }).metrics)
        : Array.isArray((data as { participants?: unknown })?.participants)
          ? ((data as { participants: Record<string, unknown>[] }).participants)
          : [];
  if (list.length === 0) return <p className="muted">Nothing to show yet.</p>;
  const hidden = new Set(["definition", "games", "needs_solver", "version", "computed_at"]);
  const columns = Array.from(new Set(list.flatMap((r) => Object.keys(r))))
    .filter((c) => !hidden.has(c))
    .slice(0, 10);
  const show = (v: unknown) =>
    v === null || v === undefined
      ? "–"
      : typeof v === "number"
        ? Number.isInteger(v)
          ? String(v)
          : v.toFixed(3)
        : typeof v === "object"
          ? JSON.stringify(v)
          : String(v);
  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c}>{show(row[c])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
