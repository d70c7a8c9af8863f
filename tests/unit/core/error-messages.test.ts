import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../electron/core/api/error';
import { toAppError } from '../../../electron/core/error-messages';
import { DocumentWriteError } from '../../../electron/core/storage/write-failure';

describe('toAppError', () => {
  it('says what happened, and leaves the clock times to the window', () => {
    const error = toAppError(new ApiError('timeout', 'x', { timeoutMs: 15_000 }));
    expect(error).toEqual({ kind: 'timeout', message: 'Zonewatch could not reach the service (timed out after 15 s).' });
  });

  it('names the failed action and the field the service refused', () => {
    const error = toAppError(new ApiError('invalid_request', 'x', { fields: [{ path: 'pool_size', message: 'is too large' }] }), {
      action: 'change zone AB12',
    });
    expect(error.message).toBe('Could not change zone AB12: the service refused the request as invalid. pool_size is too large.');
    expect(error.fields).toHaveLength(1);
  });

  it('says a durable write the disk refused in words of its cause, never as something gone wrong inside', () => {
    const full = new DocumentWriteError('profile-p1-account-cap', Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    expect(toAppError(full)).toEqual({ kind: 'unavailable', message: 'Zonewatch could not write to its data folder — the disk is full: the change was not saved.' });
    const failing = new DocumentWriteError('settings', Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
    expect(toAppError(failing).message).toBe('Zonewatch could not write to its data folder — the disk reported a read or write error (EIO), so it may be failing: the change was not saved.');
  });

  it('passes on the wait of a 429', () => {
    expect(toAppError(new ApiError('rate_limited', 'x', { retryAfterMs: 60_000 }))).toMatchObject({ retryAfterMs: 60_000 });
  });

  it('never shows the text of an unexpected error', () => {
    const error = toAppError(new Error('secret-key-123 leaked in a stack'));
    expect(error.kind).toBe('internal');
    expect(error.message).not.toContain('secret');
  });
});
