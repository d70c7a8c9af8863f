import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createLogger,
  createMemorySink,
  createRotatingFileSink,
  createSecretRegistry,
  MAX_REDACTED_SECRETS,
} from '../../../../electron/core/diagnostics/logger';

const KEY = 'zw_live_0123456789abcdef';

function setup() {
  const sink = createMemorySink();
  const secrets = createSecretRegistry();
  secrets.add(KEY);
  const logger = createLogger({ sink, secrets, now: () => new Date('2026-11-05T10:00:00Z') });
  return { sink, secrets, logger };
}

describe('the session’s redaction list', () => {
  it('is bounded: past its limit the key added longest ago goes, and a key added again is the newest', () => {
    const secrets = createSecretRegistry(3);
    for (const key of ['key-1', 'key-2', 'key-3']) secrets.add(key);
    secrets.add('key-1');
    secrets.add('key-4');
    expect(secrets.values()).toEqual(['key-3', 'key-1', 'key-4']);
    const standard = createSecretRegistry();
    for (let i = 0; i < 10 * MAX_REDACTED_SECRETS; i++) standard.add(`key-${i}`);
    expect(standard.values()).toHaveLength(MAX_REDACTED_SECRETS);
    expect(standard.values()).toContain(`key-${10 * MAX_REDACTED_SECRETS - 1}`);
  });

  it('ignores an empty key: it would redact nothing but the gaps between letters', () => {
    const secrets = createSecretRegistry();
    secrets.add('');
    expect(secrets.values()).toEqual([]);
  });
});

describe('createLogger', () => {
  it('writes a timestamped line with the level, the message and the data', () => {
    const { sink, logger } = setup();
    logger.info('poll done', { zones: 3 });
    expect(sink.lines).toEqual(['2026-11-05T10:00:00.000Z INFO poll done {"zones":3}']);
  });

  it('never lets the key into a line: message, data, error message or URL', () => {
    const { sink, logger } = setup();
    logger.warn(`retrying with ${KEY}`);
    logger.error('request failed', { error: new Error(`401 for X-API-KEY ${KEY}`), url: new URL(`https://h.test/v1?k=${KEY}`) });
    logger.info('headers', { headers: { 'X-API-KEY': KEY, accept: 'application/json' } });
    logger.info('raw dump: X-API-KEY: someone_elses_key_42');
    const all = sink.lines.join('\n');
    expect(all).not.toContain(KEY);
    expect(all).not.toContain('someone_elses_key_42');
    expect(all).toContain('401 for X-API-KEY [redacted]');
  });

  it('redacts a key registered after the logger was made, and keeps lines to one line', () => {
    const { sink, secrets, logger } = setup();
    secrets.add('late-key-abcdef');
    logger.info('a\nb late-key-abcdef');
    expect(sink.lines).toEqual(['2026-11-05T10:00:00.000Z INFO a\\nb [redacted]']);
  });

  it('keeps going when the sink throws', () => {
    const logger = createLogger({ sink: { write: () => { throw new Error('disk full'); } } });
    expect(() => logger.error('x')).not.toThrow();
  });
});

describe('createRotatingFileSink', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-log-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('rotates past the size cap and keeps at most the given number of files', () => {
    const file = path.join(dir, 'zonewatch.log');
    const sink = createRotatingFileSink({ file, maxBytes: 100, maxFiles: 3 });
    for (let i = 0; i < 20; i += 1) sink.write(`line ${String(i).padStart(2, '0')} ${'x'.repeat(30)}`);
    expect(fs.readdirSync(dir).sort()).toEqual(['zonewatch.log', 'zonewatch.log.1', 'zonewatch.log.2']);
    for (const name of fs.readdirSync(dir)) expect(fs.statSync(path.join(dir, name)).size).toBeLessThanOrEqual(100);
    expect(fs.readFileSync(file, 'utf8')).toContain('line 19');
    expect(fs.readFileSync(`${file}.2`, 'utf8')).not.toContain('line 00');
  });

  // Another user of the machine reads none of it (docs/architecture.md › Threat model).
  it.skipIf(process.platform === 'win32')('writes every log file readable and writable by the user alone, rotated ones too', () => {
    const file = path.join(dir, 'zonewatch.log');
    const sink = createRotatingFileSink({ file, maxBytes: 100, maxFiles: 3 });
    for (let i = 0; i < 10; i += 1) sink.write(`line ${i} ${'x'.repeat(30)}`);
    for (const name of fs.readdirSync(dir)) expect({ name, mode: fs.statSync(path.join(dir, name)).mode & 0o777 }).toEqual({ name, mode: 0o600 });
  });

  it('continues an existing file rather than starting over', () => {
    const file = path.join(dir, 'zonewatch.log');
    createRotatingFileSink({ file }).write('first');
    createRotatingFileSink({ file }).write('second');
    expect(fs.readFileSync(file, 'utf8')).toBe('first\nsecond\n');
  });
});
