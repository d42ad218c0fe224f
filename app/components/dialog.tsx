/** A small modal dialog: title, message, and one or two actions. */
import { useEffect, useId, useRef, type ReactNode } from "react";

interface DialogProps {
  title: string;
  children?: ReactNode;
  /** The main action, last. */
  actions: ReactNode;
  role?: "dialog" | "alertdialog";
  onDismiss?: () => void;
}

export function Dialog({ title, children, actions, role = "dialog", onDismiss }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    if (!onDismiss) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onDismiss();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onDismiss]);
  return (
    <div className="dialog-scrim" onClick={(event) => event.target === event.currentTarget && onDismiss?.()}>
      <div className="dialog dialog--compact" role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} ref={ref}>
        <h2 className="dialog__title" id={titleId}>
          {title}
        </h2>
        {children ? <div className="dialog__message">{children}</div> : null}
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
