/** The browser preview's stand-in for a native notification: a toast that a screen reader announces. */
export function showToast(n: { title: string; body: string; severity: string }): void {
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
  region.append(toast);
  setTimeout(() => toast.remove(), 8_000);
}
