// The browser shell cannot copy proxy credentials: they hold the API key, and only the page could
// put them on the clipboard (docs/architecture.md › The browser shell). The real core over the
// browser shell's own clipboard port and a local service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import type { RunningService } from '../../../electron/service/start-service';
import { bridgePorts } from '../../../electron/web/web-ports';
import { createTestCore, value } from '../core/core-host';
import { startTestService } from '../core/service-harness';

describe('"Copy proxy credentials" in the browser shell', () => {
  let service: RunningService;
  const sent: string[] = [];
  const web = bridgePorts((event, payload) => sent.push(`${event} ${JSON.stringify(payload)}`));
  const keychain = { ...createMemoryBackend(), kind: 'keychain' as const };
  const { core } = createTestCore({ secretBackends: { keychain }, clipboard: web.ports.clipboard });

  beforeAll(async () => {
    service = await startTestService();
    await core.start();
  });
  afterAll(async () => {
    await core.stop();
    await service.close();
  });

  it('is refused with the reason, and nothing reaches the clipboard or the page', async () => {
    const { profileId } = value((await core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url })) as Result<ChannelOutput<'key:set'>>);
    const refused = await core.invoke('zones:copyCredentials', { profileId, zoneId: service.seeded.perGigabyteDatacenterZoneId });
    expect(refused).toEqual({
      ok: false,
      error: {
        kind: 'unavailable',
        message: 'Zonewatch cannot copy proxy credentials here: they hold your API key, which never reaches a browser page; the desktop app copies them.',
      },
    });
    expect(web.record.clipboard.text).toBe('');
    expect(sent.join('\n')).not.toContain(service.keys.admin);
  });
});
