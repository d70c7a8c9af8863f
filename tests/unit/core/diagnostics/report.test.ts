import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS_LOG_LINES, diagnosticsText, EMAIL_REDACTED, runtimeVersions, type DiagnosticsInput } from '../../../../electron/core/diagnostics/report';
import { summarizeGaps } from '../../../../electron/core/data/data-gaps';
import { RUNNING_APP } from '../../../../shared/app-state';
import { Settings } from '../../../../shared/settings';
import { sampleStatus } from '../../../fixtures/app-samples';

const KEY = 'k3y-5ecret-0123456789abcdef';
const status = sampleStatus();

function input(patch: Partial<DiagnosticsInput> = {}): DiagnosticsInput {
  return {
    appInfo: { version: '1.2.3', platform: 'linux', shell: 'electron', versions: { electron: '45.0.0', node: '22.20.0' } },
    system: 'Linux 6.1.0 (x64)',
    accounts: [{ status, zonesKnown: 12, zonesNotYetKnown: 3 }],
    app: RUNNING_APP,
    settings: Settings.parse({
      version: 4,
      profiles: [{ id: 'p1', label: 'Acme proxies', baseUrl: 'https://api.bytio.com' }],
      theme: 'dark',
    }),
    logLines: [],
    setAside: [],
    ...patch,
  };
}

describe('diagnostics text', () => {
  it('names the app version, platform, runtimes, settings, key backend and poll status', () => {
    const text = diagnosticsText(input(), [KEY]);
    expect(text).toContain('Zonewatch 1.2.3 (linux, electron)');
    expect(text).toContain('system: Linux 6.1.0 (x64)');
    expect(text).toContain('runtime: electron 45.0.0, node 22.20.0');
    expect(text).toContain('account 1 of 1: account at https://api.bytio.com');
    expect(text).toContain('  key stored in: keychain');
    expect(text).toContain('  polling: running, failures 0');
    expect(text).toContain('polling: on, network online, snoozed until not snoozed');
    expect(text).toContain('  zones known: 12, not yet known: 3');
    expect(text).toContain('  data gaps: none');
    expect(text).toContain('"theme": "dark"');
    expect(text).toContain('"baseUrl": "https://api.bytio.com"');
  });

  it('describes every watched account in the user\'s order, the demo named as such, and says so when there is none', () => {
    const demo = sampleStatus({
      keyBackend: 'memory',
      poll: 'stopped_unauthorized',
      consecutiveFailures: 2,
      profile: { id: 'demo', label: 'Demo account', baseUrl: 'http://127.0.0.1:8787', color: 'grey', demo: true },
    });
    const text = diagnosticsText(
      input({
        accounts: [
          { status, zonesKnown: 12, zonesNotYetKnown: 3 },
          { status: demo, zonesKnown: 5, zonesNotYetKnown: 0 },
        ],
      }),
      [],
    );
    const first = text.indexOf('account 1 of 2: account at https://api.bytio.com');
    const second = text.indexOf('account 2 of 2: demo at http://127.0.0.1:8787');
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
    expect(text.slice(second)).toContain('  key stored in: memory');
    expect(text.slice(second)).toContain('  polling: stopped_unauthorized, failures 2');
    expect(text.slice(second)).toContain('  zones known: 5, not yet known: 0');
    expect(diagnosticsText(input({ accounts: [] }), [])).toContain('accounts: none');
  });

  it('lists the damaged files set aside, kept for the bug report, and says when there is none', () => {
    const text = diagnosticsText(input({ setAside: [{ file: 'settings.json.corrupt-2026-11-05T10-20-30.000Z', bytes: 412 }, { file: 'profile-p1-caps.json.corrupt-2026-11-06T08-00-00.000Z', bytes: 9 }] }), []);
    expect(text).toContain(
      "damaged files set aside (in the app's data folder):\n  settings.json.corrupt-2026-11-05T10-20-30.000Z (412 bytes)\n  profile-p1-caps.json.corrupt-2026-11-06T08-00-00.000Z (9 bytes)\n",
    );
    expect(diagnosticsText(input(), [])).toContain("damaged files set aside (in the app's data folder): none\n");
  });

  it('says the app-wide state once, apart from every account: paused by the user, the computer offline', () => {
    const text = diagnosticsText(input({ app: { paused: true, offline: true, asleep: false, snoozedUntil: null } }), []);
    expect(text).toContain('polling: paused by the user, network offline, snoozed until not snoozed');
  });

  it('ends with the last 20 warning and error lines, oldest first', () => {
    const logLines = Array.from({ length: 30 }, (_, i) => `2026-11-21T10:00:${String(i).padStart(2, '0')}Z WARN line ${i}`);
    const text = diagnosticsText(input({ logLines }), []);
    expect(text).not.toContain('line 9\n');
    expect(text).toContain('line 10\n');
    expect(text.endsWith('WARN line 29')).toBe(true);
    expect(text.split('\n').filter((line) => line.includes(' WARN line ')).length).toBe(DIAGNOSTICS_LOG_LINES);
  });

  it('never contains the key, even where a log line, an error or a label quoted it', () => {
    const text = diagnosticsText(
      input({
        logLines: [`2026-11-21T10:00:00Z ERROR request failed for ${KEY}`, `2026-11-21T10:00:01Z WARN header X-API-KEY: another-key-value-123`],
        accounts: [{ status: { ...status, lastError: { kind: 'server', message: `odd answer mentioning ${encodeURIComponent(KEY)}` } }, zonesKnown: 0, zonesNotYetKnown: 0 }],
        settings: Settings.parse({ profiles: [{ id: 'p1', label: KEY.slice(0, 60), baseUrl: 'https://api.bytio.com' }] }),
      }),
      [KEY],
    );
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('another-key-value-123');
    expect(text).toContain('ERROR request failed for [redacted]');
  });
});

describe('runtime versions', () => {
  it('keeps only electron, chrome, node and v8', () => {
    expect(runtimeVersions({ node: '22.20.0', v8: '13.0', electron: '45.0.0', chrome: '140.0', openssl: '3.0', uv: '1.50' })).toEqual({
      electron: '45.0.0',
      chrome: '140.0',
      node: '22.20.0',
      v8: '13.0',
    });
    expect(runtimeVersions({ node: '20.20.0' })).toEqual({ node: '20.20.0' });
  });
});

describe('diagnostics text, what the latest answers left out', () => {
  it('lists each account\'s data gaps in the words the window uses', () => {
    const dataGaps = summarizeGaps([
      { kind: 'zone_member', id: 'Z1', path: 'open_connections', message: 'Invalid input: expected number, received string' },
      { kind: 'billing_entry', id: '#3', path: 'created_on', message: 'Invalid input: expected string, received undefined' },
    ]);
    const text = diagnosticsText(input({ accounts: [{ status: { ...status, dataGaps }, zonesKnown: 1, zonesNotYetKnown: 0 }] }), []);
    expect(text).toContain(`  data gaps:\n    ${dataGaps[0]!.message}\n    ${dataGaps[1]!.message}\n`);
    expect(dataGaps[0]!.message).toMatch(/^1 zone detail is unknown: open_connections of Z1/);
  });
});

describe('diagnostics text, people', () => {
  it('names no e-mail address, wherever one was quoted: an error, a data gap, a log line or a label', () => {
    const dataGaps = summarizeGaps([{ kind: 'user_member', id: 'maria.gonzalez@northwind-data.example', path: 'role', message: 'Invalid option' }]);
    const text = diagnosticsText(
      input({
        accounts: [
          {
            status: { ...status, dataGaps, lastError: { kind: 'invalid_argument', message: 'ops+alerts@client.example is already invited' } },
            zonesKnown: 0,
            zonesNotYetKnown: 0,
          },
        ],
        settings: Settings.parse({ profiles: [{ id: 'p1', label: 'billing@acme.example', baseUrl: 'https://api.bytio.com' }] }),
        logLines: ['2026-11-21T10:00:00Z WARN api: part of an answer could not be read {"id":"jürgen.weiß@beispiel.example"}'],
      }),
      [],
    );
    for (const address of ['maria.gonzalez@northwind-data.example', 'ops+alerts@client.example', 'billing@acme.example', 'jürgen.weiß@beispiel.example']) {
      expect(text).not.toContain(address);
    }
    expect(text).toContain(`last error: invalid_argument: ${EMAIL_REDACTED} is already invited`);
    expect(text).toContain(`role of ${EMAIL_REDACTED}`);
    expect(text).toContain(`"label": "${EMAIL_REDACTED}"`);
    expect(text).toContain('account 1 of 1: account at https://api.bytio.com');
  });
});
