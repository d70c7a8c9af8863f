import { describe, expect, it } from 'vitest';
import { createDemoHandlers } from '../../../../electron/core/handlers/app-wide/demo-handlers';
import { HandlerError } from '../../../../electron/core/ipc-dispatch';
import { Settings } from '../../../../shared/settings';
import { statusOf } from '../readout/readout-fixtures';

function settingsStore() {
  let settings = Settings.parse({});
  return { get: () => settings, save: (next: Settings) => (settings = next) };
}

describe('demo:start', () => {
  it('keeps the choice the moment it is made: quitting before the demo’s first cycle ends does not forget it', async () => {
    const settings = settingsStore();
    let firstCycleEnds: () => void = () => undefined;
    const handlers = createDemoHandlers({
      settings,
      accounts: { startDemo: () => new Promise((resolve) => (firstCycleEnds = () => resolve({ status: () => statusOf({ id: 'demo', demo: true }) } as never))) },
    });
    const started = handlers['demo:start']();
    expect(settings.get().watchDemo).toBe(true);
    firstCycleEnds();
    expect((await started).profile).toMatchObject({ id: 'demo', demo: true });
  });

  it('does not keep a demo that could not start', async () => {
    const settings = settingsStore();
    const refused = new HandlerError({ kind: 'unavailable', message: 'The demo account could not be started. Try again, or add your own API key.' });
    const handlers = createDemoHandlers({ settings, accounts: { startDemo: async () => Promise.reject(refused) } });
    await expect(handlers['demo:start']()).rejects.toBe(refused);
    expect(settings.get().watchDemo).toBe(false);
  });
});
