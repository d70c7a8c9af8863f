import { IpAddress, MAX_IPS_PER_CALL } from '../../../shared/api/ips';

export type IpList = { ips: string[]; invalid: string[]; tooMany: boolean };

/** IPs pasted in any shape (lines, commas, spaces), de-duplicated; what is not an IP is named. */
export function parseIpList(text: string): IpList {
  const ips: string[] = [];
  const invalid: string[] = [];
  for (const token of text.split(/[\s,;]+/).filter(Boolean)) {
    if (IpAddress.safeParse(token).success) {
      if (!ips.includes(token)) ips.push(token);
    } else if (!invalid.includes(token)) invalid.push(token);
  }
  return { ips, invalid, tooMany: ips.length > MAX_IPS_PER_CALL };
}
