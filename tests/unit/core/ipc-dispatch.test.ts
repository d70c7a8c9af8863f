import { describe, it, expect } from 'vitest';
import { dispatch, HandlerError, type HandlerTable } from '../../../electron/core/ipc-dispatch';
import { sampleZone } from '../../fixtures/api-samples';
import { Zone } from '../../../shared/api/zone';

function table(overrides: Partial<HandlerTable>): HandlerTable {
  return new Proxy(overrides as HandlerTable, {
    get: (target, key: string) => (target as Record<string, unknown>)[key] ?? (async () => { throw new Error(`unexpected ${key}`); }),
  });
}
const toAppError = () => ({ kind: 'internal' as const, message: 'Something went wrong inside Zonewatch.' });

describe('dispatch', () => {
  it('returns the handler value in an ok envelope after validating the argument', async () => {
    const zone = Zone.parse({ ...sampleZone('ABC123'), enabled: false });
    const handlers = table({ 'zones:setEnabled': async ({ zoneId, enabled }) => ({ ...zone, zone_id: zoneId, enabled }) });
    const result = await dispatch(handlers, 'zones:setEnabled', { profileId: 'p1', zoneId: 'ABC123', enabled: true }, toAppError);
    expect(result).toMatchObject({ ok: true, value: { zone_id: 'ABC123', enabled: true } });
  });

  it('refuses an argument that breaks the contract and names the field', async () => {
    const handlers = table({});
    const result = await dispatch(handlers, 'zones:setEnabled', { profileId: 'p1', zoneId: 'TOOLONGID9', enabled: true }, toAppError);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('invalid_argument');
      expect(result.error.message).toContain('zoneId');
      expect(result.error.fields?.[0]?.path).toBe('zoneId');
    }
  });

  it('refuses extra fields smuggled into an argument', async () => {
    const result = await dispatch(table({}), 'zones:delete', { profileId: 'p1', zoneId: 'A1', also: 'x' }, toAppError);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_argument' } });
  });

  it('refuses a channel that is not in the contract', async () => {
    const result = await dispatch(table({}), 'fs:readFile', '/etc/passwd', toAppError);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_argument', message: 'Unknown request.' } });
  });

  it('passes a handler error through in plain words and never throws', async () => {
    const handlers = table({
      'zones:delete': async () => { throw new HandlerError({ kind: 'not_found', message: 'Zone A1 no longer exists.' }); },
      'zones:unpin': async () => { throw new TypeError('boom at secret place'); },
    });
    expect(await dispatch(handlers, 'zones:delete', { profileId: 'p1', zoneId: 'A1' }, toAppError)).toEqual({
      ok: false,
      error: { kind: 'not_found', message: 'Zone A1 no longer exists.' },
    });
    const hidden = await dispatch(handlers, 'zones:unpin', { profileId: 'p1', zoneId: 'A1' }, toAppError);
    expect(hidden).toEqual({ ok: false, error: toAppError() });
  });

  it('refuses an account-scoped call that does not name its account, before any handler runs', async () => {
    let ran = false;
    const handlers = table({ 'zones:delete': async ({ zoneId }) => ((ran = true), { zoneId }) });
    const result = await dispatch(handlers, 'zones:delete', { zoneId: 'A1' }, toAppError);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_argument' } });
    if (!result.ok) expect(result.error.message).toContain('profileId');
    expect(ran).toBe(false);
  });

  it('accepts channels without an argument', async () => {
    const handlers = table({ 'app:info': async () => ({ version: '1', platform: 'linux', shell: 'web' as const }) });
    expect(await dispatch(handlers, 'app:info', undefined, toAppError)).toMatchObject({ ok: true, value: { shell: 'web' } });
  });
});
