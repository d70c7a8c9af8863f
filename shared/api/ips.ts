import { z } from 'zod';

// docs/api.md › IPs: at most 100 IPs a call (Bytio leaves the maximum open).
export const MAX_IPS_PER_CALL = 100;

export const IpAddress = z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' });
export type IpAddress = z.infer<typeof IpAddress>;

/** Body of `DELETE` and `PUT /v1/zones/{zone_id}/ips` (docs/api.md › The nine operations, 3 and 4). */
export const IpsBody = z.strictObject({
  ips: z
    .array(IpAddress)
    .min(1, { error: 'must list at least one IP' })
    .max(MAX_IPS_PER_CALL, { error: `must list at most ${MAX_IPS_PER_CALL} IPs` }),
});
export type IpsBody = z.infer<typeof IpsBody>;
