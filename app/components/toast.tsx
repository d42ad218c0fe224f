/**
 * The mall's one toast: a short message over the bottom of the screen that goes by itself (spec
 * section 8's limit messages, and the word that a cancel, a refund, a save or a favourite went
 * through). The frame shows it (components/app-frame.tsx); any screen says something with
 * `showToast`, or `useToastOn` for a fetcher's or an action's reply. It lives outside the screens,
 * so a message said just before leaving a screen (a saved address going back to the list) is still
 * read on the next one. Polite: read out once, without moving focus.
 */
import { useEffect, useRef, useState } from "react";

export const TOAST_MS = 3_000;

interface ShownToast {
  message: string;
  id: number;
}

const listeners = new Set<(toast: ShownToast) => void>();
let lastId = 0;

/** Shows `message` in the toast; the same text said again shows again. Empty text says nothing. */
export function showToast(message: string): void {
  if (!message) return;
  lastId += 1;
  for (const listener of listeners) listener({ message, id: lastId });
}

/**
 * Says `messageOf(reply)` once for each new reply (a fetcher's `data`, an action's data): the
 * message, or nothing when it returns null. A reply is told once, however often the screen renders.
 */
export function useToastOn<T>(reply: T | undefined, messageOf: (reply: T) => string | null): void {
  const told = useRef<unknown>(undefined);
  const latest = useRef(messageOf);
  latest.current = messageOf;
  useEffect(() => {
    if (reply === undefined || reply === null || told.current === reply) return;
    told.current = reply;
    const message = latest.current(reply);
    if (message) showToast(message);
  }, [reply]);
}

/** The toast's place on the page: rendered once, by the frame. */
export function ToastHost() {
  const [shown, setShown] = useState<ShownToast | null>(null);
  useEffect(() => {
    listeners.add(setShown);
    return () => {
      listeners.delete(setShown);
    };
  }, []);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {shown ? (
        <p className="toast" data-testid="toast" key={shown.id}>
          {shown.message}
        </p>
      ) : null}
    </div>
  );
}
