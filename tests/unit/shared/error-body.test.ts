import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, ERROR_HTTP_STATUS, ErrorBody, InsufficientResourceBody } from '../../../shared/api/error-body';
import { formatIssues } from '../../../shared/api/issues';
import { ZoneUpdateBody } from '../../../shared/api/zone-update';

describe('ErrorBody', () => {
  it('carries formatted issues as details of invalid_request', () => {
    const result = ZoneUpdateBody.safeParse({ pool_size: 0 });
    const body = {
      status: 'error',
      error: { code: 'invalid_request', message: 'The request has invalid fields.', details: formatIssues(result.error!) },
    };
    expect(ErrorBody.parse(body).error.details).toEqual([{ path: 'pool_size', message: 'must be a whole number from 1 to 10000' }]);
  });

  it('accepts an error without details and a code it does not know', () => {
    expect(ErrorBody.safeParse({ status: 'error', error: { code: 'teapot', message: 'No.' } }).success).toBe(true);
  });

  it('rejects a success body', () => {
    expect(ErrorBody.safeParse({ status: 'ok' }).success).toBe(false);
  });

  it('maps each known code to its HTTP status', () => {
    expect(ERROR_HTTP_STATUS.insufficient_balance).toBe(402);
    expect(ERROR_CODES).toContain('residential_unavailable_during_trial');
    for (const code of ERROR_CODES) expect(z.string().regex(/^[a-z_]+$/).safeParse(code).success).toBe(true);
  });
});

describe('InsufficientResourceBody', () => {
  it('parses the 202 body of a zone update that lacks resources', () => {
    const body = { status: 'insufficient_resource_likely', message: 'Not enough reserved IPs are free in this region.' };
    expect(InsufficientResourceBody.parse(body).status).toBe('insufficient_resource_likely');
    expect(InsufficientResourceBody.safeParse({ status: 'ok' }).success).toBe(false);
  });
});
