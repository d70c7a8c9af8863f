import type { KeyAdmission } from '../../accounts/key-admission';
import type { HandlerTable } from '../../ipc-dispatch';

export type KeyHandlers = Pick<HandlerTable, 'key:set'>;

/** A new account's key, or a new key for an account (accounts/key-admission.ts). */
export function createKeyHandlers(ctx: { admission: KeyAdmission }): KeyHandlers {
  return {
    'key:set': async (request) => ctx.admission.admit(request),
  };
}
