import { useId, useState } from 'react';
import { recordAccelerator } from '../model/accelerator';

type Props = {
  /** The shortcut the settings form holds (an Electron accelerator), or null for none. */
  value: string | null;
  /** A complete combination was recorded, or the shortcut was cleared; the form's Save sends it, and main refuses one it cannot bind, with the reason. */
  onChange: (accelerator: string | null) => void;
};

const isMac = () => typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);

/**
 * A field that records a key combination as it is pressed and shows the whole accelerator
 * (`CommandOrControl+Alt+K`), instead of asking the user to type Electron's syntax. Part of the
 * settings form: a combination still missing a key stays here and never reaches the form.
 */
export function ShortcutRecorder({ value, onChange }: Props) {
  const id = useId();
  const [partial, setPartial] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={`${id}-sc`}>Global shortcut</label>
      <div className="actions">
        <input
          id={`${id}-sc`}
          className="shortcut"
          readOnly
          value={partial ?? value ?? ''}
          placeholder="None — click here and press keys"
          aria-describedby={`${id}-sc-hint`}
          onKeyDown={(e) => {
            const result = recordAccelerator(e, isMac());
            if (result.kind === 'ignore') return;
            e.preventDefault();
            if (result.kind === 'incomplete') {
              setPartial(result.shown);
              setHint(result.hint);
              return;
            }
            setPartial(null);
            setHint(null);
            onChange(result.kind === 'clear' ? null : result.accelerator);
          }}
        />
        <button
          type="button"
          disabled={value === null && partial === null}
          onClick={() => {
            setPartial(null);
            setHint(null);
            onChange(null);
          }}
        >
          No shortcut
        </button>
      </div>
      <p id={`${id}-sc-hint`} className="hint muted small">
        {hint ?? 'Click the field and press the combination; it opens Zonewatch from any application, and pressed while the window shows, it puts you in the find box (the command palette) instead of hiding the window.'}
      </p>
    </div>
  );
}
