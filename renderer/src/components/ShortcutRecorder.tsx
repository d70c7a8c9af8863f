import { useId, useState } from 'react';
import { recordAccelerator } from '../model/accelerator';

type Props = {
  /** The shortcut in use (an Electron accelerator), or null for none. */
  value: string | null;
  /** Saves a recorded accelerator, or none; main refuses one it cannot bind, with the reason. */
  onSave: (accelerator: string | null) => void;
};

const isMac = () => typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);

/**
 * A field that records a key combination as it is pressed and shows the whole accelerator
 * (`CommandOrControl+Alt+K`), instead of asking the user to type Electron's syntax.
 */
export function ShortcutRecorder({ value, onSave }: Props) {
  const id = useId();
  const [recorded, setRecorded] = useState<string | null>(value);
  const [shown, setShown] = useState(value ?? '');
  const [hint, setHint] = useState<string | null>(null);
  return (
    <div className="field inline">
      <label htmlFor={`${id}-sc`}>Global shortcut</label>
      <input
        id={`${id}-sc`}
        readOnly
        value={shown}
        placeholder="None — click here and press keys"
        aria-describedby={`${id}-sc-hint`}
        onKeyDown={(e) => {
          const result = recordAccelerator(e, isMac());
          if (result.kind === 'ignore') return;
          e.preventDefault();
          if (result.kind === 'clear') {
            setRecorded(null);
            setShown('');
            setHint(null);
          } else if (result.kind === 'incomplete') {
            setRecorded(null);
            setShown(result.shown);
            setHint(result.hint);
          } else {
            setRecorded(result.accelerator);
            setShown(result.accelerator);
            setHint(null);
          }
        }}
      />
      <button type="button" disabled={recorded === null || recorded === value} onClick={() => onSave(recorded)}>
        Save shortcut
      </button>
      <button
        type="button"
        disabled={value === null}
        onClick={() => {
          setRecorded(null);
          setShown('');
          onSave(null);
        }}
      >
        No shortcut
      </button>
      <p id={`${id}-sc-hint`} className="hint">
        {hint ?? 'Click the field and press the combination; it opens Zonewatch from any application.'}
      </p>
    </div>
  );
}
