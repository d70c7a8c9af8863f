import { expect, type Page } from '@playwright/test';
import type { Zone } from '../../shared/api/zone';
import { startPreviewStack, type PreviewOptions, type PreviewStack } from '../../electron/web/preview-stack';

export type { PreviewStack };

/**
 * One local service + core + bridge per spec file, with the service's control endpoints on. `at` (an
 * ISO 8601 time) starts it at that moment instead of now: the service's, the core's and the page's
 * clocks (openApp) start there and run on. `ZW_E2E_NOW`, when set, takes the place of `at` or of now,
 * for a run of the suite as if on another date (docs/development.md › Tests); a `service.now` of a
 * spec's own is a date it is about and is kept.
 */
export function startPreview({ at, ...options }: PreviewOptions & { at?: string } = {}): Promise<PreviewStack> {
  const start = process.env.ZW_E2E_NOW || at;
  return startPreviewStack({ ...options, service: { zones: 25, ...(start ? { now: start } : {}), ...options.service } });
}

type Role = 'admin' | 'collaborator' | 'billing_admin';

/** Calls the local service over HTTP with one of the printed keys, as any tool could. */
export async function serviceCall(stack: PreviewStack, method: string, path: string, body?: unknown, role: Role = 'admin'): Promise<Record<string, unknown>> {
  const res = await fetch(`${stack.service.url}${path}`, {
    method,
    headers: { 'x-api-key': stack.service.keys[role], ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

export async function serviceZone(stack: PreviewStack, zoneId: string): Promise<Zone> {
  const body = await serviceCall(stack, 'GET', `/v1/zones/${zoneId}`);
  return (body.zones as Zone[])[0]!;
}

/**
 * Opens the window. On a stack whose clock starts at a pinned moment (`service.now`), the page's
 * clock starts at the stack's time too and runs on from there, so the window's "today" is the
 * service's and the core's.
 */
export async function openApp(page: Page, stack: PreviewStack): Promise<void> {
  if (stack.pinnedStart !== null) await page.clock.install({ time: stack.now() });
  await page.goto(stack.url);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
}

/**
 * Opens a section from the bar, or from its "More" menu when the window is too narrow to show it,
 * and waits for it: a view's code loads on demand, and the view before stays until it has
 * (docs/desktop.md › Packaging › What the window loads first). Each section's heading is its name.
 */
export async function go(page: Page, section: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Sections' });
  const button = nav.getByRole('button', { name: section, exact: true });
  const more = nav.getByRole('button', { name: /^More sections/ });
  // Once the bar is drawn, either the section is in it or it is behind "More".
  await expect(button.or(more).first()).toBeVisible();
  if (!(await button.isVisible())) await more.click();
  await button.click();
  await expect(page.getByRole('heading', { name: section, exact: true, level: 1 })).toBeVisible();
}

/** Opens a zone's detail page through the search box. */
export async function openZone(page: Page, zoneId: string): Promise<void> {
  await go(page, 'Zones');
  await page.getByRole('searchbox', { name: 'Search' }).fill(zoneId);
  await page.getByRole('listitem').filter({ hasText: zoneId }).getByRole('button', { name: zoneId }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(`${zoneId} · updated`)).toBeVisible();
}
