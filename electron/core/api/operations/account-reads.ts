import type { z } from 'zod';
import type { AccountInfo } from '../../../../shared/api/account';
import { BillingHistoryQuery, type BillingEntry, type BillingPagination } from '../../../../shared/api/billing';
import type { DroppedItem, ItemGap } from '../../../../shared/api/list-validation';
import type { Info } from '../../../../shared/api/info';
import type { Plan } from '../../../../shared/api/plan';
import { toSearchParams } from '../../../../shared/api/query-params';
import { AccountInfoResponse, BillingHistoryResponse, PlansResponse, UsersListResponse } from '../../../../shared/api/responses';
import { type User, type UsersPagination, UsersQuery } from '../../../../shared/api/user';
import { billingMemberGaps, userMemberGaps } from './member-gaps';
import { type CallOptions, checkInput, type OperationContext, validate, validateList } from './validation';

export type PlansResult = { plans: Plan[]; dropped: DroppedItem[] };
export type UsersResult = { info: Info; pagination: UsersPagination; users: User[]; dropped: DroppedItem[]; gaps: ItemGap[] };
export type BillingHistoryResult = { pagination: BillingPagination; entries: BillingEntry[]; dropped: DroppedItem[] };

/** The reads about the account as a whole: its info, the plans, its users and its billing history. */
export type AccountReads = {
  getAccountInfo(options?: CallOptions): Promise<AccountInfo>;
  listPlans(options?: CallOptions): Promise<PlansResult>;
  listUsers(query?: z.input<typeof UsersQuery>, options?: CallOptions): Promise<UsersResult>;
  getBillingHistory(query?: z.input<typeof BillingHistoryQuery>, options?: CallOptions): Promise<BillingHistoryResult>;
};

/** Operations 9, 7, 8 and 1 of docs/api.md › The nine operations. */
export function accountReads(ctx: OperationContext): AccountReads {
  const { send } = ctx;
  return {
    async getAccountInfo(call = {}) {
      const operation = 'GET /v1/account/info';
      const { body } = await send({ method: 'GET', path: '/account/info', operation, safe: true }, call.signal);
      const { status: _status, ...account } = validate(AccountInfoResponse, body, operation);
      return account;
    },

    async listPlans(call = {}) {
      const operation = 'GET /v1/plans';
      const { body } = await send({ method: 'GET', path: '/plans', operation, safe: true }, call.signal);
      const parsed = validateList(ctx, PlansResponse, 'plans', body, operation, { source: 'plans', idKey: 'plan_id' });
      return { plans: parsed.data.plans, dropped: parsed.dropped };
    },

    async listUsers(query = {}, call = {}) {
      const operation = 'GET /v1/users';
      const q = checkInput(UsersQuery, query, operation);
      const { body } = await send({ method: 'GET', path: '/users', operation, query: toSearchParams(q), safe: true }, call.signal);
      const parsed = validateList(ctx, UsersListResponse, 'zones', body, operation, { source: 'users', idKey: 'user_id', gapsOf: userMemberGaps });
      // The users really are in an array named `zones` (docs/api.md › Quirks kept as the service spells them).
      return { info: parsed.data.info, pagination: parsed.data.pagination, users: parsed.data.zones, dropped: parsed.dropped, gaps: parsed.gaps };
    },

    async getBillingHistory(query = {}, call = {}) {
      const operation = 'GET /v1/account/billinghistory';
      const q = checkInput(BillingHistoryQuery, query, operation);
      const { body } = await send({ method: 'GET', path: '/account/billinghistory', operation, query: toSearchParams(q), safe: true }, call.signal);
      const parsed = validateList(ctx, BillingHistoryResponse, 'billing_histories', body, operation, {
        source: 'billing',
        idKey: 'created_on',
        gapsOf: billingMemberGaps,
      });
      return { pagination: parsed.data.pagination, entries: parsed.data.billing_histories, dropped: parsed.dropped };
    },
  };
}
