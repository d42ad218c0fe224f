/**
 * A toast: a short message over the bottom of the screen that goes by itself (spec section 8's
 * limit messages). Polite: it is read out once, without moving focus. A new `id` shows it again
 * even when the text is the same.
 */
import { useEffect, useState } from "react";

export const TOAST_MS = 3_000;

export function Toast({ message, id }: { message: string | null; id: number }) {
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    setShown(message);
    const timer = setTimeout(() => setShown(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [message, id]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {shown ? (
        <p className="toast" data-testid="toast">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
