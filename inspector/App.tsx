/**
 * The traffic inspector (docs/inspector.md): every gateway call the sandbox or `mcoin record` saw,
 * live, newest first, filtered, and one in detail. The ring's exchanges are kept here as the stream
 * delivers them, at most the ring's capacity; the filters a summary can answer run here, the search in
 * bodies on the server, asked again (debounced) when an exchange arrives. Nothing polls.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { api, ApiError, followStream, onUnauthorized, readToken, saveToken, type ExchangeSummary, type Filters, type InspectInfo, type StreamState } from "./api";
import { SelectionActions } from "./Actions";
import { ExchangeDetail } from "./ExchangeDetail";
import { ExchangeList } from "./ExchangeList";
import { FiltersForm, NO_FILTERS } from "./Filters";
import { matches } from "./format";
import { TokenForm } from "./TokenForm";

/** How long the search in bodies waits for typing, or for a burst of exchanges, to settle. */
const SEARCH_DEBOUNCE_MS = 200;
/** The ring's capacity until the server has said it. */
const DEFAULT_CAPACITY = 500;

/** `incoming` added to `rows` (newest first, each seq once), cut to `capacity`. */
function merge(rows: ExchangeSummary[], incoming: ExchangeSummary[], capacity: number): ExchangeSummary[] {
  if (incoming.length === 0) return rows;
  const bySeq = new Map(rows.map((row) => [row.seq, row]));
  for (const row of incoming) bySeq.set(row.seq, row);
  return [...bySeq.values()].sort((a, b) => b.seq - a.seq).slice(0, capacity);
}

const STATE_TEXT: Record<StreamState, string> = { connecting: "Connecting…", live: "Live", reconnecting: "Reconnecting…", unauthorized: "Needs the control token" };
/** A phone's width, where the detail takes the list's place (inspector/inspector.css). */
const narrow = () => window.matchMedia("(max-width: 767.98px)").matches;

export function App() {
  const [info, setInfo] = useState<InspectInfo | undefined>(undefined);
  const [rows, setRows] = useState<ExchangeSummary[]>([]);
  const [pending, setPending] = useState<ExchangeSummary[]>([]);
  const [paused, setPaused] = useState(false);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [found, setFound] = useState<{ text: string; seqs: Set<number> } | undefined>(undefined);
  const [arrivals, setArrivals] = useState(0);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [showDetail, setShowDetail] = useState(false);
  const [checked, setChecked] = useState<Set<number>>(() => new Set());
  const [stream, setStream] = useState<StreamState>("connecting");
  const [token, setToken] = useState<{ needed: boolean; refused: boolean }>({ needed: false, refused: false });
  const [connection, setConnection] = useState(0);
  const [message, setMessage] = useState("");
  const [loadError, setLoadError] = useState("");
  // The stream's handlers read these as they are now, not as they were when it was opened.
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const capacity = info?.capacity ?? DEFAULT_CAPACITY;
  const capacityRef = useRef(capacity);
  capacityRef.current = capacity;

  const say = useCallback((text: string) => setMessage(text), []);
  // A message stays long enough to be read, then the toast gets out of the way.
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(""), 8000);
    return () => clearTimeout(timer);
  }, [message]);

  useEffect(() => onUnauthorized(() => setToken((was) => ({ needed: true, refused: was.needed || readToken() !== "" }))), []);

  // Connects: what serves the page, the ring as it is, then the stream from its newest exchange on. A
  // server that does not answer yet (opened before the sandbox started) is asked again, backing off.
  const attempts = useRef(0);
  useEffect(() => {
    if (token.needed) return;
    let stop = () => {};
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        const served = await api.info();
        const list = await api.exchanges();
        if (!live) return;
        attempts.current = 0;
        setInfo(served);
        setLoadError("");
        setRows(list.exchanges.slice(0, served.capacity));
        const since = list.exchanges.reduce((max, row) => Math.max(max, row.seq), 0);
        stop = followStream(
          since,
          (event) => {
            if (event.type === "cleared") {
              setRows([]);
              setPending([]);
              setChecked(new Set());
              setSelected(undefined);
              setShowDetail(false);
              return;
            }
            if (pausedRef.current) setPending((was) => merge(was, [event.exchange], capacityRef.current));
            else setRows((was) => merge(was, [event.exchange], capacityRef.current));
            setArrivals((count) => count + 1);
          },
          setStream,
          // After a drop the ring is read afresh: it is the truth, even if the server restarted.
          async () => {
            const again = await api.exchanges();
            if (!live) return 0;
            const shown = new Set(rowsRef.current.map((row) => row.seq));
            if (pausedRef.current)
              setPending((was) =>
                merge(
                  was,
                  again.exchanges.filter((row) => !shown.has(row.seq)),
                  capacityRef.current,
                ),
              );
            else setRows(again.exchanges.slice(0, capacityRef.current));
            return again.exchanges.reduce((max, row) => Math.max(max, row.seq), 0);
          },
        );
        if (!live) stop();
      } catch (error) {
        if (!live || (error instanceof ApiError && error.status === 401)) return;
        setLoadError(error instanceof Error ? error.message : String(error));
        setStream("reconnecting");
        retry = setTimeout(() => setConnection((n) => n + 1), Math.min(500 * 2 ** attempts.current++, 10_000));
      }
    })();
    return () => {
      live = false;
      clearTimeout(retry);
      stop();
    };
  }, [token.needed, connection]);

  // The search in bodies: the server's, asked again when the filters change or an exchange arrives.
  useEffect(() => {
    if (!filters.text.trim() || token.needed) return;
    let live = true;
    const timer = setTimeout(() => {
      api.exchanges(filters).then(
        (list) => {
          if (!live) return;
          setFound({ text: filters.text, seqs: new Set(list.exchanges.map((row) => row.seq)) });
          if (!pausedRef.current) setRows((was) => merge(was, list.exchanges, capacityRef.current));
        },
        (error: unknown) => live && say(`Search refused: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [filters, arrivals, token.needed, say]);

  const searching = filters.text.trim() !== "";
  const view = useMemo(() => {
    const seqs = searching && found?.text === filters.text ? found.seqs : undefined;
    return rows.filter((row) => matches(row, filters) && (!searching || (seqs?.has(row.seq) ?? false)));
  }, [rows, filters, found, searching]);
  const names = useMemo(() => [...new Set(rows.flatMap((row) => (row.name ? [row.name] : [])))].sort(), [rows]);
  const members = useMemo(() => [...new Set(rows.flatMap((row) => (row.member ? [row.member] : [])))].sort(), [rows]);
  const held = useMemo(() => new Set(rows.map((row) => row.seq)), [rows]);
  const checkedList = useMemo(() => [...checked].filter((seq) => held.has(seq)), [checked, held]);
  const allShownChecked = view.length > 0 && view.every((row) => checked.has(row.seq));

  const open = useCallback((seq: number) => {
    setSelected(seq);
    setShowDetail(true);
    // On a phone the detail replaces the list: the keyboard follows it.
    if (narrow()) requestAnimationFrame(() => document.getElementById("detail-back")?.focus());
  }, []);
  const back = useCallback(() => {
    setShowDetail(false);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-seq="${selected}"][data-part="open"]`)?.focus());
  }, [selected]);

  // One page load's calls: the list filtered to its request id, and on a phone the list shown again.
  const showPageLoad = useCallback(
    (requestId: string) => {
      setFilters((current) => ({ ...current, requestId }));
      say("Showing only the calls of this page load.");
      back();
    },
    [back, say],
  );

  function resume() {
    setRows((was) => merge(was, pending, capacity));
    setPending([]);
    setPaused(false);
    say(pending.length > 0 ? `Resumed: ${pending.length} new ${pending.length === 1 ? "exchange" : "exchanges"} shown.` : "Resumed.");
  }

  async function clear() {
    try {
      await api.clear();
      setRows([]);
      setPending([]);
      setChecked(new Set());
      setSelected(undefined);
      setShowDetail(false);
      say("Cleared: the ring is empty, for everyone watching it.");
    } catch (error) {
      say(`Clear refused: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const check = useCallback((seq: number, on: boolean) => {
    setChecked((was) => {
      const next = new Set(was);
      if (on) next.add(seq);
      else next.delete(seq);
      return next;
    });
  }, []);

  function checkAllShown(on: boolean) {
    setChecked((was) => {
      const next = new Set(was);
      for (const row of view) {
        if (on) next.add(row.seq);
        else next.delete(row.seq);
      }
      return next;
    });
  }

  const streamState = token.needed ? "unauthorized" : paused ? "paused" : stream;
  return (
    <div className="app" data-view={showDetail && selected !== undefined ? "detail" : "list"}>
      <header className="top">
        <div className="top__title">
          <h1>Traffic inspector</h1>
          {info ? (
            <p className="top__source">
              {info.source === "recorder" ? "mcoin record →" : "Sandbox"} <span className="top__target">{info.target}</span>
            </p>
          ) : null}
        </div>
        <div className="top__controls">
          <span className={`pill pill--${streamState}`}>
            <span className="pill__dot" aria-hidden="true" />
            {streamState === "paused" ? (pending.length > 0 ? `Paused · ${pending.length} new` : "Paused") : STATE_TEXT[streamState]}
          </span>
          {paused ? (
            <button type="button" className="button button--on-brand" onClick={resume}>
              Resume{pending.length > 0 ? ` (${pending.length} new)` : ""}
            </button>
          ) : (
            <button type="button" className="button button--on-brand" onClick={() => setPaused(true)} disabled={token.needed}>
              Pause
            </button>
          )}
          <button type="button" className="button button--on-brand" onClick={clear} disabled={token.needed} aria-describedby="clear-note">
            Clear
          </button>
          <span id="clear-note" className="visually-hidden">
            Empties the ring for everyone watching it
          </span>
        </div>
      </header>
      <main className="main">
        <p className="toast" role="status">
          {message}
        </p>
        {token.needed ? (
          <TokenForm
            refused={token.refused}
            onToken={(value) => {
              saveToken(value);
              setToken({ needed: false, refused: false });
              setConnection((n) => n + 1);
            }}
          />
        ) : (
          <div className="panes">
            <section className="pane pane--list" aria-labelledby="list-title">
              <h2 id="list-title" className="visually-hidden">
                Exchanges
              </h2>
              <FiltersForm filters={filters} names={names} members={members} onChange={setFilters} />
              <div className="listbar">
                <label className="toggle">
                  <input type="checkbox" checked={allShownChecked} disabled={view.length === 0} onChange={(event) => checkAllShown(event.target.checked)} />
                  Select all shown
                </label>
                <p className="listbar__count">
                  {view.length === rows.length ? `${rows.length} ${rows.length === 1 ? "exchange" : "exchanges"}` : `${view.length} of ${rows.length} shown`}
                  <span className="listbar__capacity"> · keeps the last {capacity}</span>
                </p>
              </div>
              <SelectionActions checked={checkedList} view={view.map((row) => row.seq)} whole={view.length === rows.length && !paused} say={say} />
              <div className="columns" aria-hidden="true">
                <span>Time</span>
                <span>Method</span>
                <span>Path · name</span>
                <span>Status</span>
                <span>Latency</span>
                <span>Member</span>
              </div>
              <ExchangeList rows={view} selected={selected} checked={checked} onOpen={open} onCheck={check} />
              {view.length === 0 ? (
                <p className="empty">
                  {loadError
                    ? `${loadError} Trying again…`
                    : rows.length === 0
                      ? "No calls yet. Calls to the gateway appear here as they are answered."
                      : searching && found?.text !== filters.text
                        ? "Searching…"
                        : "No exchange matches the filters."}
                </p>
              ) : null}
            </section>
            <section className="pane pane--detail" aria-label="Detail">
              {selected !== undefined && info ? (
                <ExchangeDetail seq={selected} info={info} say={say} onOpen={open} onBack={back} onRequestId={showPageLoad} />
              ) : (
                <p className="empty">Select an exchange to see its request, its reply and what the sandbox made of them.</p>
              )}
            </section>
          </div>
        )}
      </main>
    </div>
  );
}
