/**
 * The drag control that chooses how many mCoin pay for a purchase (spec: "a drag control to choose
 * how many mCoin to use"). A `role="slider"` the member drags or moves with the keyboard (arrows by
 * one step, Page Up/Down by ten, Home/End to the ends); every value it gives is one the purchase
 * rules allow (core/money/purchase.ts), so the cash part shown beside it is exactly what is due.
 */
import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import { snapMcoin, stepMcoin, type McoinRange } from "#core/money/purchase";
import "./mcoin-slider.css";

interface McoinSliderProps {
  range: McoinRange & { ok: true };
  value: number;
  onChange(value: number): void;
  /** The accessible name. */
  label: string;
  /** What a screen reader says for a value ("300 mCoin, MOP 46.00 in cash"). */
  valueText(value: number): string;
}

const KEY_STEPS: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

export function McoinSlider({ range, value, onChange, label, valueText }: McoinSliderProps) {
  const track = useRef<HTMLDivElement>(null);
  const fixed = range.min === range.max;
  const share = fixed ? 1 : (value - range.min) / (range.max - range.min);

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const at = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    const next = snapMcoin(range, range.min + at * (range.max - range.min));
    if (next !== value) onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    let next: number | null = null;
    if (event.key in KEY_STEPS) next = stepMcoin(range, value, KEY_STEPS[event.key]);
    else if (event.key === "Home") next = range.min;
    else if (event.key === "End") next = range.max;
    if (next === null) return;
    event.preventDefault();
    if (next !== value) onChange(next);
  };

  return (
    <div
      ref={track}
      className={`mcoin-slider${fixed ? " mcoin-slider--fixed" : ""}`}
      role="slider"
      tabIndex={fixed ? -1 : 0}
      aria-label={label}
      aria-valuemin={range.min}
      aria-valuemax={range.max}
      aria-valuenow={value}
      aria-valuetext={valueText(value)}
      aria-disabled={fixed || undefined}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (fixed) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        fromPointer(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) fromPointer(event);
      }}
    >
      <span className="mcoin-slider__rail" aria-hidden="true">
        <span className="mcoin-slider__fill" style={{ width: `${share * 100}%` }} />
      </span>
      <span className="mcoin-slider__thumb" aria-hidden="true" style={{ left: `${share * 100}%` }} />
    </div>
  );
}
