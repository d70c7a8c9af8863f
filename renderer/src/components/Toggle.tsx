type Props = { checked: boolean; label: string; busy?: boolean; disabled?: boolean; onChange: () => void };

/** An on/off switch: a button with role="switch", so Space and Enter work and state is announced. */
export function Toggle({ checked, label, busy = false, disabled = false, onChange }: Props) {
  return (
    <button
      type="button"
      role="switch"
      className={`toggle${checked ? ' on' : ''}${busy ? ' busy' : ''}`}
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={(e) => {
        e.stopPropagation();
        onChange();
      }}
    >
      <span className="toggle-knob" aria-hidden="true" />
    </button>
  );
}
