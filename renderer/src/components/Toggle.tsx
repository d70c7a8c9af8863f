import { useEffect, useRef } from 'react';
import { opener } from './use-return-focus';

type Props = {
  checked: boolean;
  label: string;
  busy?: boolean;
  disabled?: boolean;
  focusNow?: boolean;
  onFocused?: () => void;
  /** Names the switch for a confirmation it opens, so the focus finds it again (use-return-focus.ts). */
  openerKey?: string;
  onChange: () => void;
};

/**
 * An on/off switch: a button with role="switch", so Space and Enter work and state is announced.
 * `focusNow` puts the keyboard on it (a zone notification opened this view: docs/architecture.md › Notification actions).
 */
export function Toggle({ checked, label, busy = false, disabled = false, focusNow = false, onFocused, openerKey, onChange }: Props) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusNow) return;
    ref.current?.focus();
    onFocused?.();
  }, [focusNow, onFocused]);
  return (
    <button
      ref={ref}
      type="button"
      role="switch"
      className={`toggle${checked ? ' on' : ''}${busy ? ' busy' : ''}`}
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={disabled}
      {...(openerKey === undefined ? {} : opener(openerKey))}
      onClick={(e) => {
        e.stopPropagation();
        onChange();
      }}
    >
      <span className="toggle-knob" aria-hidden="true" />
    </button>
  );
}
