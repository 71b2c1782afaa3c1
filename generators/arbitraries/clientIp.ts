import fc from 'fast-check';
import { isIP } from 'node:net';

/** The address that triggers the embedded provider's anti-fraud refusal (defaults.md). */
export const DEFAULT_ANTIFRAUD_IP = '203.0.113.66';

/** Options of {@link clientIp}. */
export interface ClientIpConstraints {
  /** Produce IPv4 addresses (dotted quad). Default true. */
  v4?: boolean;
  /** Produce IPv6 addresses (any textual form `node:net` isIP accepts, including `::` compression and embedded IPv4). Default true. */
  v6?: boolean;
  /** Addresses never produced, e.g. an anti-fraud trigger. Default `[]`. */
  exclude?: readonly string[];
}

/** A user's IP address in a textual form that `node:net` `isIP` accepts. */
export function clientIp(constraints: ClientIpConstraints = {}): fc.Arbitrary<string> {
  const v4 = constraints.v4 ?? true;
  const v6 = constraints.v6 ?? true;
  const exclude = new Set(constraints.exclude ?? []);
  if (!v4 && !v6) throw new Error('clientIp: at least one of v4, v6 must be true');
  const arbs: fc.Arbitrary<string>[] = [];
  if (v4) arbs.push(fc.ipV4());
  if (v6) arbs.push(fc.ipV6());
  return fc.oneof(...arbs).filter((ip) => isIP(ip) !== 0 && !exclude.has(ip));
}
