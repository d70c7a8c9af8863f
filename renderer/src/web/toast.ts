import type { NavigateTarget } from '../../../shared/notification';

export type ToastAction = { label: string; target: NavigateTarget };

/**
 * The browser preview's stand-in for a native notification: a toast that a screen reader
 * announces, with the notification's action as a button that leads to its control.
 */
export function showToast(n: { title: string; body: string; severity: string; action?: ToastAction | null }, onAction: (target: NavigateTarget) => void): void {
  let region = document.getElementById('toasts');
  if (!region) {
    region = document.createElement('div');
    region.id = 'toasts';
    region.className = 'toasts';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-label', 'Notifications');
    document.body.append(region);
  }
  const toast = document.createElement('div');
  toast.className = `toast sev-${n.severity}`;
  const title = document.createElement('strong');
  title.textContent = n.title;
  const body = document.createElement('div');
  body.textContent = n.body;
  toast.append(title, body);
  if (n.action) {
    const { label, target } = n.action;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', () => {
      toast.remove();
      onAction(target);
    });
    toast.append(button);
  }
  region.append(toast);
  setTimeout(() => toast.remove(), 8_000);
}
