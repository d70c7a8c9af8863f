import { z } from 'zod';
import { AccountInfo } from './account';
import { BillingEntry, BillingPagination } from './billing';
import { Info } from './info';
import { Plan } from './plan';
import { User, UsersPagination } from './user';
import { Zone, ZoneId } from './zone';

// The nine success bodies of docs/api.md › The nine operations. Every one carries `status: "ok"`.
// Lists here are all-or-nothing; a client that wants to keep the good items of a list with a bad
// one parses these through `parseListResponse` (./list-validation).

export const OkStatus = z.literal('ok');

/** 1 `GET /v1/account/billinghistory` */
export const BillingHistoryResponse = z.looseObject({
  status: OkStatus,
  pagination: BillingPagination,
  billing_histories: z.array(BillingEntry),
});
export type BillingHistoryResponse = z.infer<typeof BillingHistoryResponse>;

/** 2 `PUT /v1/zones/{zone_id}`; `preview` true means nothing was committed. */
export const ZoneUpdateResponse = z.looseObject({
  status: OkStatus,
  info: Info,
  preview: z.boolean(),
  zone: Zone,
});
export type ZoneUpdateResponse = z.infer<typeof ZoneUpdateResponse>;
export type ZoneUpdateWire = z.input<typeof ZoneUpdateResponse>;

/** 3 `DELETE /v1/zones/{zone_id}/ips` */
export const DeleteIpsResponse = z.looseObject({
  status: OkStatus,
  deleted_ips: z.array(z.string()),
  zone: Zone,
});
export type DeleteIpsResponse = z.infer<typeof DeleteIpsResponse>;
export type DeleteIpsWire = z.input<typeof DeleteIpsResponse>;

/** 4 `PUT /v1/zones/{zone_id}/ips` */
export const RefreshIpsResponse = z.looseObject({
  status: OkStatus,
  refreshed_ips: z.array(z.string()),
});
export type RefreshIpsResponse = z.infer<typeof RefreshIpsResponse>;

/** 5 `GET /v1/zones/{zone_ids}` */
export const GetZonesResponse = z.looseObject({
  status: OkStatus,
  info: Info,
  zones: z.array(Zone),
});
export type GetZonesResponse = z.infer<typeof GetZonesResponse>;
export type GetZonesWire = z.input<typeof GetZonesResponse>;

/** 6 `DELETE /v1/zones/{zone_id}` */
export const DeleteZoneResponse = z.looseObject({
  status: OkStatus,
  info: Info,
  zone_id: ZoneId,
  deleted: z.boolean(),
});
export type DeleteZoneResponse = z.infer<typeof DeleteZoneResponse>;

/** 7 `GET /v1/plans` */
export const PlansResponse = z.looseObject({
  status: OkStatus,
  plans: z.array(Plan),
});
export type PlansResponse = z.infer<typeof PlansResponse>;

/** 8 `GET /v1/users`: the users really are in an array named `zones`. */
export const UsersListResponse = z.looseObject({
  status: OkStatus,
  info: Info,
  pagination: UsersPagination,
  zones: z.array(User),
});
export type UsersListResponse = z.infer<typeof UsersListResponse>;
export type UsersListWire = z.input<typeof UsersListResponse>;

/** 9 `GET /v1/account/info` */
export const AccountInfoResponse = AccountInfo.extend({
  status: OkStatus,
});
export type AccountInfoResponse = z.infer<typeof AccountInfoResponse>;
export type AccountInfoWire = z.input<typeof AccountInfoResponse>;
