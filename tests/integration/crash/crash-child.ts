// The app the crash test kills: the real core (createAppCore) over a data folder, as a process of
// its own, driven over stdin/stdout the way the window drives it over IPC. One JSON line in
// (`{"id":1,"channel":"spend:stop","input":{…}}`), one line out per answer
// (`ZW_CRASH {"id":1,"result":{…}}`); notifications are sent as they are shown. Everything else it
// would need from a desktop is inert. Its key lives in safeStorage ciphertext in the folder, as on
// a Linux desktop without a keychain, so a restart finds it as the app would.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { createAppCore } from '../../../electron/core/app-core';
import type { Clock } from '../../../electron/core/ports';
import { createSafeStorageBackend, type SafeStorageCipher } from '../../../electron/core/secrets/safe-storage-backend';
import { confStoreFactory } from '../../../electron/core/storage/persistence';
import { mulberry32 } from '../../../electron/service/prng';
import { inertPorts } from '../core/core-host';

const dir = process.env.ZW_CRASH_DIR;
const startAt = Number(process.env.ZW_CRASH_NOW);
const seed = Number(process.env.ZW_CRASH_RANDOM_SEED ?? 1);
if (!dir || !Number.isFinite(startAt)) throw new Error('crash-child: ZW_CRASH_DIR and ZW_CRASH_NOW are required');

const send = (message: unknown) => process.stdout.write(`ZW_CRASH ${JSON.stringify(message)}\n`);

// The service's simulated time when this run began, moving on with the wall from there.
const startedReal = Date.now();
const clock: Clock = {
  now: () => startAt + (Date.now() - startedReal),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

// The OS secret that protects safeStorage's key outlives the app, as a login keyring's does.
const osKey = createHash('sha256').update('zonewatch-crash-test').digest();
const cipher: SafeStorageCipher = {
  isAsyncEncryptionAvailable: async () => true,
  async encryptStringAsync(text) {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', osKey, iv);
    const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), body]);
  },
  async decryptStringAsync(data) {
    const d = createDecipheriv('aes-256-gcm', osKey, data.subarray(0, 12));
    d.setAuthTag(data.subarray(12, 28));
    return { result: Buffer.concat([d.update(data.subarray(28)), d.final()]).toString('utf8'), shouldReEncrypt: false };
  },
};

const storeFactory = confStoreFactory(dir);
const log = (level: string) => (message: string, data?: Record<string, unknown>) =>
  process.stderr.write(`${level} ${message} ${JSON.stringify(data ?? {}, (_k, v: unknown) => (v instanceof Error ? v.message : v))}\n`);

const core = createAppCore({
  ...inertPorts(),
  secretBackends: { keychain: null, safeStorage: createSafeStorageBackend(cipher, storeFactory('secrets')), safeStorageBackend: () => 'gnome_libsecret' },
  storeFactory,
  notifier: { show: (notification) => send({ notification }) },
  logger: { info: () => undefined, warn: log('warn'), error: log('error') },
  clock,
  random: mulberry32(seed),
  appInfo: { version: '0.0.0-crash', platform: 'linux', shell: 'web' },
  http: { timeoutMs: 10_000, retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 20 } },
});

await core.start();
send({ started: true });

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() === '') return;
  const { id, channel, input } = JSON.parse(line) as { id: number; channel: string; input: unknown };
  void core.invoke(channel, input).then((result) => send({ id, result }));
});
// The parent went away without killing us: end rather than linger.
lines.on('close', () => void core.stop().finally(() => process.exit(0)));
