import { expect, type Page } from '@playwright/test';
import { startService, type RunningService } from '../../electron/service/start-service';
import type { ZonewatchApi } from '../../shared/ipc';
import { openApp, startPreview, type PreviewStack } from './preview';

export const paletteField = (page: Page) => page.getByRole('combobox', { name: 'Find a zone, a view or an action' });
/** The row the field's active descendant names. */
export const activeRow = (page: Page) => page.locator('[role="option"][aria-selected="true"]');

/** Three local services watched as three accounts: the preview's demo, "Client A" (seed 3) and "Client B" (seed 9). */
export type ThreeAccounts = { stack: PreviewStack; serviceA: RunningService; serviceB: RunningService };

export async function startThreeAccounts(zonesPerClient: number): Promise<ThreeAccounts> {
  const [stack, serviceA, serviceB] = await Promise.all([startPreview(), startService({ seed: 3, zones: zonesPerClient }), startService({ seed: 9, zones: zonesPerClient })]);
  return { stack, serviceA, serviceB };
}

export async function stopThreeAccounts(accounts: ThreeAccounts | undefined): Promise<void> {
  await accounts?.stack.stop();
  await accounts?.serviceA.close();
  await accounts?.serviceB.close();
}

/** Opens the window with the two services added as accounts. */
export async function openWithThreeAccounts(page: Page, { stack, serviceA, serviceB }: ThreeAccounts): Promise<void> {
  await openApp(page, stack);
  await addAccounts(page, [
    ['Client A', serviceA],
    ['Client B', serviceB],
  ]);
}

/** Adds local services as accounts through the window's own API (the key form is accounts.spec.ts's), then reloads. */
async function addAccounts(page: Page, services: readonly (readonly [label: string, service: RunningService])[]): Promise<void> {
  const labels = await page.evaluate(async () => {
    const res = await (window as unknown as { zonewatch: ZonewatchApi }).zonewatch.accounts.list();
    return res.ok ? res.value.accounts.map((a) => a.label) : [];
  });
  for (const [label, service] of services) {
    if (labels.includes(label)) continue;
    const added = await page.evaluate(async (input) => (await (window as unknown as { zonewatch: ZonewatchApi }).zonewatch.key.set(input)).ok, { apiKey: service.keys.admin, baseUrl: service.url, label });
    expect(added).toBe(true);
  }
  await page.reload();
  for (const [label] of services) await expect(page.getByRole('combobox', { name: 'Account' }).locator('option', { hasText: label })).toHaveCount(1);
}

/** Whether the service says the zone is on, read over its API as any tool could. */
export async function serviceSays(service: RunningService, zoneId: string): Promise<boolean | undefined> {
  const res = await fetch(`${service.url}/v1/zones/${zoneId}`, { headers: { 'x-api-key': service.keys.admin } });
  const body = (await res.json()) as { zones: { enabled?: boolean }[] };
  return body.zones[0]?.enabled;
}

/** Every key pressed after the shortcut, counted: each typed character, Enter, arrows and the confirmation. */
export function keyCounter(page: Page) {
  let count = 0;
  return {
    press: async (key: string) => {
      count += 1;
      await page.keyboard.press(key);
    },
    type: async (character: string) => {
      count += 1;
      await page.keyboard.type(character);
    },
    get count() {
      return count;
    },
  };
}
