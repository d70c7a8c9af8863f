import { errorText } from '../../model/error-text';
import { type CapsAction, useCapsStore } from '../../stores/caps-store';

/** Why the caps action asked from here failed, said next to its button (docs/desktop.md › Caps). */
export function CapsRefusal({ at }: { at: CapsAction | readonly CapsAction[] }) {
  const error = useCapsStore((s) => (s.errorAt !== null && (typeof at === 'string' ? s.errorAt === at : at.includes(s.errorAt)) ? s.error : null));
  if (!error) return null;
  return (
    <p className="field-error" role="alert">
      {errorText(error)}
    </p>
  );
}
