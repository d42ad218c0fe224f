/**
 * The idempotency key of one form (docs/architecture.md): the same key for every submission of it until one
 * succeeds, so a retry or a double tap acts once; then a fresh one for the next. Minted on the client
 * after hydration, so the server's render and the page's agree.
 */
import { useCallback, useRef } from "react";
import { newIdempotencyKey } from "../lib/idempotency-key";

export function useIdempotencyKey(): { key(): string; done(): void } {
  const current = useRef<string | null>(null);
  const key = useCallback(() => (current.current ??= newIdempotencyKey()), []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { key, done };
}
