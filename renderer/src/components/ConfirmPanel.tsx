import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useReturnFocus } from './use-return-focus';

type Props = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** When set, the person must type this text before confirming (destructive actions). */
  typeToConfirm?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * An inline confirmation that takes focus, confirms with its button and cancels with Escape; either
 * way the focus goes back to the control that opened it (use-return-focus.ts).
 */
export function ConfirmPanel({ title, children, confirmLabel, typeToConfirm, danger, busy, onConfirm, onCancel }: Props) {
  const [typed, setTyped] = useState('');
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const inputId = useId();
  useReturnFocus();
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, []);
  const ready = typeToConfirm === undefined || typed.trim() === typeToConfirm;
  return (
    <div
      ref={ref}
      className="confirm"
      role="alertdialog"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      {typeToConfirm !== undefined && (
        <p>
          <label htmlFor={inputId}>
            Type <strong>{typeToConfirm}</strong> to confirm
          </label>
          <input id={inputId} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
        </p>
      )}
      <div className="actions">
        <button type="button" className={danger ? 'danger' : 'primary'} disabled={!ready || busy} onClick={onConfirm}>
          {busy ? 'Working…' : confirmLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
