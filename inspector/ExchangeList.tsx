/**
 * The live list of exchanges, newest first. Each row is a checkbox (for the selection's actions) and
 * a button that opens the exchange's detail. One row at a time takes the Tab key (roving focus); the
 * arrow keys, Home and End move through the rows, Enter or Space opens one.
 */
import { memo, useCallback, useRef, useState, type KeyboardEvent } from "react";
import type { ExchangeSummary } from "./api";
import { clockTime, formatMs, statusClass, statusText } from "./format";

export function Markers({ exchange }: { exchange: ExchangeSummary }) {
  const { fault, nearMiss, stub, recorded, invalid } = exchange.markers;
  return (
    <span className="badges">
      {fault ? <span className="badge badge--danger">fault: {fault}</span> : null}
      {nearMiss ? <span className="badge badge--warn">near miss</span> : null}
      {stub ? <span className="badge badge--info">stub: {stub}</span> : null}
      {recorded ? <span className="badge badge--info">recorded</span> : null}
      {invalid ? <span className="badge badge--danger">invalid</span> : null}
    </span>
  );
}

interface Props {
  rows: ExchangeSummary[];
  selected: number | undefined;
  checked: ReadonlySet<number>;
  onOpen: (seq: number) => void;
  onCheck: (seq: number, checked: boolean) => void;
}

type Part = "open" | "check";

interface RowProps {
  row: ExchangeSummary;
  tab: boolean;
  open: boolean;
  checked: boolean;
  onOpen: (seq: number) => void;
  onCheck: (seq: number, checked: boolean) => void;
  onKey: (event: KeyboardEvent<HTMLElement>, seq: number, part: Part) => void;
  onFocus: (seq: number) => void;
}

/** One row; drawn again only when it changed, since the list holds up to the ring's capacity. */
const Row = memo(function Row({ row, tab, open, checked, onOpen, onCheck, onKey, onFocus }: RowProps) {
  const tabIndex = tab ? 0 : -1;
  return (
    <li className={`row${open ? " row--open" : ""}${checked ? " row--checked" : ""}`}>
      <label className="row__check">
        <input
          type="checkbox"
          tabIndex={tabIndex}
          data-seq={row.seq}
          data-part="check"
          checked={checked}
          onChange={(event) => onCheck(row.seq, event.target.checked)}
          onKeyDown={(event) => onKey(event, row.seq, "check")}
          onFocus={() => onFocus(row.seq)}
        />
        <span className="visually-hidden">
          Select #{row.seq} {row.method} {row.path}
        </span>
      </label>
      <button
        type="button"
        className="row__open"
        tabIndex={tabIndex}
        data-seq={row.seq}
        data-part="open"
        aria-current={open ? "true" : undefined}
        onClick={() => onOpen(row.seq)}
        onKeyDown={(event) => onKey(event, row.seq, "open")}
        onFocus={() => onFocus(row.seq)}
      >
        <span className="row__time">{clockTime(row.at)}</span>
        <span className={`row__method method method--${row.method.toLowerCase()}`}>{row.method}</span>
        <span className="row__path">
          <span className="row__path-text">{row.path}</span>
          <Markers exchange={row} />
        </span>
        <span className="row__name">{row.name ?? ""}</span>
        <span className={`row__status status status--${statusClass(row.status)}`}>
          <span className="visually-hidden">status </span>
          {statusText(row.status)}
        </span>
        <span className="row__ms">{formatMs(row.ms)}</span>
        <span className="row__member">
          {row.member ? (
            <>
              <span className="visually-hidden">member </span>
              {row.member}
            </>
          ) : null}
        </span>
      </button>
    </li>
  );
});

const NAV_KEYS = new Set(["ArrowDown", "ArrowUp", "Home", "End"]);

export function ExchangeList({ rows, selected, checked, onOpen, onCheck }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const [focused, setFocused] = useState<number | undefined>(undefined);
  // The key handler reads the rows as they are when a key is pressed, so it stays one function.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  // The row that takes Tab: the one last focused, else the open one, else the newest.
  const current = rows.some((row) => row.seq === focused) ? focused : rows.some((row) => row.seq === selected) ? selected : rows[0]?.seq;

  const move = useCallback((event: KeyboardEvent<HTMLElement>, seq: number, part: Part) => {
    if (!NAV_KEYS.has(event.key)) return;
    event.preventDefault();
    const all = rowsRef.current;
    const index = all.findIndex((row) => row.seq === seq);
    const next = event.key === "Home" ? 0 : event.key === "End" ? all.length - 1 : Math.max(0, Math.min(all.length - 1, index + (event.key === "ArrowDown" ? 1 : -1)));
    const target = all[next]?.seq;
    if (target === undefined) return;
    setFocused(target);
    list.current?.querySelector<HTMLElement>(`[data-seq="${target}"][data-part="${part}"]`)?.focus();
  }, []);

  if (rows.length === 0) return null;
  return (
    <ol className="rows" ref={list} aria-label="Exchanges, newest first">
      {rows.map((row) => (
        <Row key={row.seq} row={row} tab={row.seq === current} open={row.seq === selected} checked={checked.has(row.seq)} onOpen={onOpen} onCheck={onCheck} onKey={move} onFocus={setFocused} />
      ))}
    </ol>
  );
}
