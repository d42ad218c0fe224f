/** A small modal dialog: title, message, and one or two actions. */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TapGuardMark } from "../hooks/use-double-tap-guard";

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
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a tap beside the dialog is a pointer's shortcut; the keyboard has Escape (above)
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

/**
 * Asks before an action that cannot be taken back: 'cancel' (or `cancelLabel`, where 'cancel' would
 * read as the action itself), or the action's own label, which closes the dialog and acts.
 * `confirmMark`: the mark of the double-tap guard of `onConfirm`, when it has one (hooks/use-double-tap-guard.ts).
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  cancelLabel,
  confirmMark,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  confirmMark?: TapGuardMark;
  onConfirm(): void;
  onCancel(): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      role="alertdialog"
      title={title}
      onDismiss={onCancel}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {cancelLabel ?? t("common.cancel")}
          </button>
          <button
            type="button"
            className="button button--primary"
            {...confirmMark}
            onClick={() => {
              onCancel();
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

/**
 * A result pop-up (a payment's, a miles redemption's): its picture, title, message and stacked
 * actions. It takes the focus when it opens and again when its kind changes (processing, then done).
 */
export function ResultDialog({ kind, art, title, body, children }: { kind: "success" | "failure" | "processing"; art: ReactNode; title: string; body: string; children: ReactNode }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [kind]);
  return (
    <div className="dialog-scrim">
      <div className={`dialog payment-result payment-result--${kind}`} role="alertdialog" aria-modal="true" aria-labelledby={`${id}title`} aria-describedby={`${id}body`} tabIndex={-1} ref={ref}>
        {art}
        <h2 className="dialog__title" id={`${id}title`}>
          {title}
        </h2>
        <p className="dialog__message" id={`${id}body`}>
          {body}
        </p>
        <div className="dialog__actions dialog__actions--stacked">{children}</div>
      </div>
    </div>
  );
}
