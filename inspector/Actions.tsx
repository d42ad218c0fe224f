/**
 * What the engineer does with exchanges: copy one as a command, replay it, add a fault to its path,
 * save a selection as a recording, export it as HAR. Each reports through `say` (the page's polite
 * status region) and shows its result where it was asked.
 */
import { useId, useRef, useState, type FormEvent } from "react";
import { api, ApiError, type ExchangeSummary, type FaultRequest, type InspectInfo, type ReplayReply, type SaveReply } from "./api";
import { lastSegment, recordingName } from "./format";

export type Say = (message: string) => void;

const failure = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** A command to copy, shown too in a read-only field so it can be selected by hand. */
export function CommandField({ label, copyLabel, command, say }: { label: string; copyLabel: string; command: string; say: Say }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(command);
      say(`Copied the ${label.toLowerCase()}.`);
    } catch {
      // No clipboard for the page (an address that is not a secure context, or a refusal): the field's
      // text is selected instead, for the keyboard's copy.
      field.current?.focus();
      field.current?.select();
      say(`The browser did not let the page copy: the ${label.toLowerCase()} is selected in its field, to copy by hand.`);
    }
  }
  return (
    <div className="command">
      <div className="command__head">
        <label htmlFor={id}>{label}</label>
        <button type="button" className="button" onClick={copy}>
          {copyLabel}
        </button>
      </div>
      <textarea
        ref={field}
        id={id}
        className="command__text"
        readOnly
        value={command}
        rows={Math.min(6, Math.max(2, Math.ceil(command.length / 90)))}
        spellCheck={false}
        onFocus={(event) => event.target.select()}
      />
    </div>
  );
}

const RESULT_TONE: Record<ReplayReply["result"], string> = { match: "success", differ: "danger", skipped: "muted", error: "danger" };

export function ReplayAction({ seq, say }: { seq: number; say: Say }) {
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<ReplayReply | undefined>(undefined);
  async function replay() {
    setBusy(true);
    try {
      const result = await api.replay(seq);
      setReply(result);
      say(`Replay of #${seq}: ${result.result}. ${result.summary}`);
    } catch (error) {
      setReply(undefined);
      say(`Replay refused: ${failure(error)}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="replay">
      <button type="button" className="button" onClick={replay} disabled={busy}>
        {busy ? "Replaying…" : "Replay"}
      </button>
      {reply ? (
        <div className="replay__result">
          <p>
            <span className={`badge badge--${RESULT_TONE[reply.result]}`}>{reply.result}</span> {reply.summary}
            {reply.status ? ` (status ${reply.status.expected} recorded, ${reply.status.actual} now)` : ""}
          </p>
          {reply.differences.length > 0 ? (
            <ul className="replay__differences" aria-label="Differences">
              {reply.differences.map((difference, i) => (
                <li key={i}>{difference}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export function FaultForm({ info, exchange, say }: { info: InspectInfo; exchange: ExchangeSummary; say: Say }) {
  const [path, setPath] = useState(() => lastSegment(exchange.path));
  const [kind, setKind] = useState(() => info.faultKinds[0]?.kind ?? "");
  // Kept as typed, so the field can be emptied on the way to another number; read on submit.
  const [times, setTimes] = useState("1");
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const summary = info.faultKinds.find((entry) => entry.kind === kind)?.summary;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const count = Math.max(1, Math.min(1000, Math.trunc(Number(times)) || 1));
    setBusy(true);
    try {
      await api.fault({ path: path.trim(), kind: kind as FaultRequest["kind"], times: count });
      say(`Fault added: ${kind} on the next ${count === 1 ? "call" : `${count} calls`} to paths containing “${path.trim()}”.`);
    } catch (error) {
      say(`Fault refused: ${failure(error)}`);
    } finally {
      setBusy(false);
    }
  }

  if (!info.faults) {
    return <p className="note">Faults cannot be added here: {info.source === "recorder" ? "the recorder forwards to an environment that is not a sandbox" : "this server does not take them"}.</p>;
  }
  return (
    <form className="fault" onSubmit={submit} aria-label="Add fault">
      <div className="field">
        <label htmlFor={`${ids}-path`}>Path contains</label>
        <input id={`${ids}-path`} value={path} onChange={(event) => setPath(event.target.value)} required maxLength={200} spellCheck={false} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-kind`}>Kind</label>
        <select id={`${ids}-kind`} value={kind} onChange={(event) => setKind(event.target.value)} aria-describedby={`${ids}-summary`}>
          {info.faultKinds.map((entry) => (
            <option key={entry.kind} value={entry.kind}>
              {entry.kind}
            </option>
          ))}
        </select>
      </div>
      <div className="field field--narrow">
        <label htmlFor={`${ids}-times`}>Times</label>
        <input id={`${ids}-times`} type="number" min={1} max={1000} value={times} onChange={(event) => setTimes(event.target.value)} required />
      </div>
      <button type="submit" className="button button--primary" disabled={busy || !path.trim() || !kind}>
        Add fault
      </button>
      <p className="note fault__summary" id={`${ids}-summary`}>
        {summary}
      </p>
    </form>
  );
}

/** What the server takes in one save or one HAR (core/controls/inspect.ts, `Seqs`). */
const MOST = 500;

/**
 * Save as recording and Export HAR, for the checked exchanges (HAR: the whole view when none is;
 * `whole`: the view is the whole ring, which the server exports without a list of seqs).
 */
export function SelectionActions({ checked, view, whole, say }: { checked: number[]; view: number[]; whole: boolean; say: Say }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(recordingName);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<SaveReply | undefined>(undefined);
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const reply = await api.save({ seqs: [...checked].sort((a, b) => a - b), name: name.trim() });
      setSaved(reply);
      say(`Saved ${reply.written.length} ${reply.written.length === 1 ? "file" : "files"} to ${reply.dir}${reply.refused.length > 0 ? `; ${reply.refused.length} refused` : ""}.`);
    } catch (error) {
      say(`Save refused: ${failure(error)}`);
    } finally {
      setBusy(false);
    }
  }

  async function exportHar() {
    const chosen = checked.length > 0 ? checked : view;
    const seqs = [...chosen].sort((a, b) => b - a).slice(0, MOST);
    const all = checked.length === 0 && whole;
    try {
      await api.downloadHar(all ? [] : seqs.reverse(), `${recordingName()}.har`);
      const count = all ? view.length : seqs.length;
      const cut = !all && chosen.length > MOST ? ` (the newest ${MOST}: one export holds at most that many)` : "";
      say(`Exported ${count} ${count === 1 ? "exchange" : "exchanges"} as HAR${cut}.`);
    } catch (error) {
      say(`Export refused: ${failure(error)}`);
    }
  }

  return (
    <div className="selection">
      <div className="selection__bar">
        <span className="selection__count">{checked.length > 0 ? `${checked.length} selected` : "None selected"}</span>
        <button
          type="button"
          className="button"
          aria-expanded={open}
          aria-controls={`${id}-save`}
          disabled={checked.length === 0}
          onClick={() => {
            setOpen(!open);
            setName(recordingName());
            setSaved(undefined);
          }}
        >
          Save as recording
        </button>
        <button type="button" className="button" onClick={exportHar} disabled={checked.length === 0 && view.length === 0}>
          {checked.length > 0 ? "Export HAR" : "Export HAR (all shown)"}
        </button>
      </div>
      {open && checked.length > 0 ? (
        <form id={`${id}-save`} className="save" onSubmit={save} aria-label="Save as recording">
          <div className="field">
            <label htmlFor={`${id}-name`}>Recording name</label>
            <input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              pattern="[A-Za-z0-9][A-Za-z0-9\-]{0,62}"
              title="Letters, digits and dashes, at most 63"
              spellCheck={false}
            />
          </div>
          <button type="submit" className="button button--primary" disabled={busy || checked.length > MOST} aria-describedby={checked.length > MOST ? `${id}-most` : undefined}>
            Save {checked.length} {checked.length === 1 ? "exchange" : "exchanges"}
          </button>
          {checked.length > MOST ? (
            <p className="note note--danger" id={`${id}-most`}>
              A recording holds at most {MOST} exchanges: select fewer.
            </p>
          ) : null}
          {saved ? (
            <div className="save__result">
              <p>
                Saved to <code>{saved.dir}</code>: {saved.written.length} {saved.written.length === 1 ? "file" : "files"}.
              </p>
              {saved.written.length > 0 ? (
                <ul className="files" aria-label="Files written">
                  {saved.written.map((file) => (
                    <li key={file}>
                      <code>{file}</code>
                    </li>
                  ))}
                </ul>
              ) : null}
              {saved.refused.length > 0 ? (
                <ul className="files" aria-label="Exchanges refused">
                  {saved.refused.map((entry) => (
                    <li key={entry.seq}>
                      #{entry.seq}: {entry.reason}
                    </li>
                  ))}
                </ul>
              ) : null}
              <CommandField label="Replay command" copyLabel="Copy replay command" command={saved.replay} say={say} />
            </div>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
