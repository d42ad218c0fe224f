/**
 * The live list of exchanges, newest first. Each row is a checkbox (for the selection's actions) and
 * a button that opens the exchange's detail. One row at a time takes the Tab key (roving focus); the
 * arrow keys, Home and End move through the rows, Enter or Space opens one.
 */
import { useRef, useState, type KeyboardEvent } from "react";
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

const NAV_KEYS = new Set(["ArrowDown", "ArrowUp", "Home", "End"]);

export function ExchangeList({ rows, selected, checked, onOpen, onCheck }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const [focused, setFocused] = useState<number | undefined>(undefined);
  // The row that takes Tab: the one last focused, else the open one, else the newest.
  const current = rows.some((row) => row.seq === focused) ? focused : rows.some((row) => row.seq === selected) ? selected : rows[0]?.seq;

  function move(event: KeyboardEvent<HTMLElement>, index: number, part: "open" | "check") {
    if (!NAV_KEYS.has(event.key)) return;
    event.preventDefault();
    const next = event.key === "Home" ? 0 : event.key === "End" ? rows.length - 1 : Math.max(0, Math.min(rows.length - 1, index + (event.key === "ArrowDown" ? 1 : -1)));
    const seq = rows[next]?.seq;
    if (seq === undefined) return;
    setFocused(seq);
    list.current?.querySelector<HTMLElement>(`[data-seq="${seq}"][data-part="${part}"]`)?.focus();
  }

  if (rows.length === 0) return null;
  return (
    <ol className="rows" ref={list} aria-label="Exchanges, newest first">
      {rows.map((row, index) => {
        const tab = row.seq === current ? 0 : -1;
        const open = row.seq === selected;
        return (
          <li key={row.seq} className={`row${open ? " row--open" : ""}${checked.has(row.seq) ? " row--checked" : ""}`}>
            <label className="row__check">
              <input
                type="checkbox"
                tabIndex={tab}
                data-seq={row.seq}
                data-part="check"
                checked={checked.has(row.seq)}
                onChange={(event) => onCheck(row.seq, event.target.checked)}
                onKeyDown={(event) => move(event, index, "check")}
                onFocus={() => setFocused(row.seq)}
              />
              <span className="visually-hidden">
                Select #{row.seq} {row.method} {row.path}
              </span>
            </label>
            <button
              type="button"
              className="row__open"
              tabIndex={tab}
              data-seq={row.seq}
              data-part="open"
              aria-current={open ? "true" : undefined}
              onClick={() => onOpen(row.seq)}
              onKeyDown={(event) => move(event, index, "open")}
              onFocus={() => setFocused(row.seq)}
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
      })}
    </ol>
  );
}
