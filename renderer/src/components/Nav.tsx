import type { ViewName } from '../../../shared/notification';
import { useNavigationStore } from '../stores/navigation-store';

const SECTIONS: { view: ViewName; label: string }[] = [
  { view: 'overview', label: 'Overview' },
  { view: 'zones', label: 'Zones' },
  { view: 'billing', label: 'Billing' },
  { view: 'account', label: 'Account' },
  { view: 'plans', label: 'Plans' },
  { view: 'users', label: 'Users' },
  { view: 'notifications', label: 'Notifications' },
  { view: 'settings', label: 'Settings' },
];

export function Nav() {
  const view = useNavigationStore((s) => s.view);
  const go = useNavigationStore((s) => s.go);
  const current = view === 'zone' ? 'zones' : view;
  return (
    <nav className="nav" aria-label="Sections">
      <ul>
        {SECTIONS.map((s) => (
          <li key={s.view}>
            <button type="button" aria-current={current === s.view ? 'page' : undefined} onClick={() => go(s.view)}>
              {s.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
