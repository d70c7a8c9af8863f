import { expect, type Page } from '@playwright/test';
import type { RunningService } from '../../electron/service/start-service';
import type { ZonewatchApi } from '../../shared/ipc';

export const paletteField = (page: Page) => page.getByRole('combobox', { name: 'Find a zone, a view or an action' });
/** The row the field's active descendant names. */
export const activeRow = (page: Page) => page.locator('[role="option"][aria-selected="true"]');

/** Adds local services as accounts through the window's own API (the key form is accounts.spec.ts's), then reloads. */
export async function addAccounts(page: Page, services: readonly (readonly [label: string, service: RunningService])[]): Promise<void> {
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
