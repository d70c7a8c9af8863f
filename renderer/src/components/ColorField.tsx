import { useId } from 'react';
import { ACCOUNT_COLORS, type AccountColor } from '../../../shared/accounts';
import { COLOR_NAME } from '../model/account-colors';
import { AccountSwatch } from './AccountSwatch';

/** The colour an account wears in the switcher, the tray menu and "All accounts". */
export function ColorField({ value, onChange }: { value: AccountColor; onChange: (color: AccountColor) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Colour</label>
      <span className="pair">
        <AccountSwatch color={value} />
        <select id={id} value={value} onChange={(e) => onChange(e.target.value as AccountColor)}>
          {ACCOUNT_COLORS.map((c) => (
            <option key={c} value={c}>
              {COLOR_NAME[c]}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
