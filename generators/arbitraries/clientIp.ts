import fc from 'fast-check';
import { BlockList, isIP } from 'node:net';
import { classed, selectClasses, valueClass, type ValueClass } from './classed.js';

/** Options of {@link clientIp}. */
export interface ClientIpConstraints {
  /** Produce IPv4 addresses (dotted quad). Default true. */
  v4?: boolean;
  /** Produce IPv6 addresses (full, compressed, upper-case, with a dotted IPv4 tail). Default true. */
  v6?: boolean;
  /**
   * Addresses never produced, e.g. an anti-fraud trigger, in any textual form: an excluded IPv4
   * address is also never produced as IPv4-mapped, IPv4-compatible or NAT64 IPv6. Default `[]`.
   */
  exclude?: readonly string[];
  /** Names of the classes to draw from (see {@link clientIpClasses}). Default all the families allow. */
  classes?: readonly string[];
}

const octet = fc.integer({ min: 0, max: 255 });
const group = fc.integer({ min: 0, max: 0xffff });
const quad = (a: number, b: number, c: number, d: number): string => `${a}.${b}.${c}.${d}`;
const EDGE_OCTETS = [0, 1, 9, 10, 99, 100, 199, 200, 249, 250, 254, 255];
const PRIVATE_V4: readonly [number, number, number][] = [
  [10, 0, 255],
  [172, 16, 31],
  [192, 168, 168],
  [100, 64, 127],
  [127, 0, 255],
];

const v4Of = (ip: string): number[] => ip.split('.').map(Number);
const inPrivate = (ip: string): boolean => {
  const [a, b] = v4Of(ip);
  return PRIVATE_V4.some(([x, lo, hi]) => a === x && b! >= lo && b! <= hi);
};
/** A public unicast IPv4 address: outside 0/8, 224/3 (multicast, reserved, broadcast) and the private ranges. */
const publicV4 = fc
  .tuple(fc.integer({ min: 1, max: 223 }), octet, octet, octet)
  .map((o) => quad(...o))
  .filter((ip) => !inPrivate(ip));

/** IPv6 text of eight groups, lower case, the longest run of two or more zero groups as `::`. */
export function compressIpv6(groups: readonly number[]): string {
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
  }
  const hex = groups.map((g) => g.toString(16));
  if (best === -1) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLength).join(':')}`;
}

/** Eight groups in 2000::/3 (global unicast) with a run of zero groups, so that `::` shows. */
const globalGroups = fc
  .tuple(
    fc.integer({ min: 0x2000, max: 0x3fff }),
    fc.array(group, { minLength: 7, maxLength: 7 }),
    fc.integer({ min: 1, max: 5 }),
    fc.integer({ min: 2, max: 6 }),
  )
  .map(([first, rest, start, length]) => {
    const g = [first, ...rest];
    for (let i = start; i < Math.min(8, start + length); i++) g[i] = 0;
    return g;
  });

/**
 * The value classes of `payload.client_ip`. The profile refuses "a payload.client_ip that is not
 * an IPv4 or IPv6 address", so every textual form of an address is valid: `ipv4` (public
 * unicast), `ipv6-compressed` (RFC 5952 form), `ipv4-mapped` (`::ffff:a.b.c.d`, how dual-stack
 * servers report IPv4 clients), `ipv6-full` (eight groups of four digits, leading zeros kept),
 * `ipv6-upper-case`, `ipv4-private` (10/8, 172.16/12, 192.168/16, 100.64/10, 127/8: a user
 * behind a proxy), `ipv6-dotted-tail` (NAT64, full-form mapped, IPv4-compatible),
 * `ipv6-local` (`::1`, link-local, unique local) and `ipv4-edge-octets` (0, 9, 99, 255 ...).
 * Not generated: addresses no user can have (0.0.0.0/8, multicast, 240/4, the broadcast
 * address, `::`), and `%zone` suffixes (an interface name, not part of the address).
 */
export function clientIpClasses(constraints: ClientIpConstraints = {}): ValueClass<string>[] {
  const v4 = constraints.v4 ?? true;
  const v6 = constraints.v6 ?? true;
  if (!v4 && !v6) throw new Error('clientIp: at least one of v4, v6 must be true');
  const isV4 = (ip: string): boolean => isIP(ip) === 4;
  const isV6 = (ip: string): boolean => isIP(ip) === 6;
  const classes: (ValueClass<string> & { family: 4 | 6 })[] = [
    { ...valueClass('ipv4', publicV4, (ip) => isV4(ip) && !inPrivate(ip), 4), family: 4 },
    {
      ...valueClass(
        'ipv6-compressed',
        globalGroups.map(compressIpv6),
        (ip) => isV6(ip) && ip.includes('::') && ip === ip.toLowerCase() && !ip.includes('.'),
        2,
      ),
      family: 6,
    },
    {
      ...valueClass(
        'ipv4-mapped',
        publicV4.map((ip) => `::ffff:${ip}`),
        (ip) => isV6(ip) && /^::ffff:[0-9.]+$/i.test(ip),
      ),
      family: 6,
    },
    {
      ...valueClass(
        'ipv6-full',
        fc
          .tuple(fc.integer({ min: 0x2000, max: 0x3fff }), fc.array(group, { minLength: 7, maxLength: 7 }))
          .map(([f, rest]) => [f, ...rest].map((g) => g.toString(16).padStart(4, '0')).join(':')),
        (ip) => /^([0-9a-f]{4}:){7}[0-9a-f]{4}$/.test(ip),
      ),
      family: 6,
    },
    {
      ...valueClass(
        'ipv6-upper-case',
        // A first group in a000..feff (unicast, unique local and link-local included) always has a letter.
        fc.tuple(globalGroups, fc.integer({ min: 0xa000, max: 0xfeff })).map(([g, first]) => compressIpv6([first, ...g.slice(1)]).toUpperCase()),
        (ip) => isV6(ip) && /[A-F]/.test(ip) && !/[a-f]/.test(ip),
      ),
      family: 6,
    },
    {
      ...valueClass(
        'ipv4-private',
        fc.tuple(fc.constantFrom(...PRIVATE_V4), octet, octet, octet).map(([[a, lo, hi], b, c, d]) => quad(a, lo + (b % (hi - lo + 1)), c, d)),
        (ip) => isV4(ip) && inPrivate(ip),
      ),
      family: 4,
    },
    {
      ...valueClass(
        'ipv6-dotted-tail',
        fc.tuple(fc.constantFrom('64:ff9b::', '0:0:0:0:0:ffff:', '::'), publicV4).map(([p, ip]) => `${p}${ip}`),
        (ip) => isV6(ip) && ip.includes('.') && !/^::ffff:/i.test(ip),
      ),
      family: 6,
    },
    {
      ...valueClass(
        'ipv6-local',
        fc.oneof(
          fc.constant('::1'),
          fc.tuple(group, group).map(([a, b]) => `fe80::${a.toString(16)}:${b.toString(16)}`),
          fc
            .tuple(fc.integer({ min: 0xfd00, max: 0xfdff }), group, group, group)
            .map(([a, b, c, d]) => `${a.toString(16)}:${b.toString(16)}:${c.toString(16)}::${d.toString(16)}`),
        ),
        (ip) => isV6(ip) && /^(::1$|fe[89ab][0-9a-f]:|f[cd][0-9a-f]{2}:)/i.test(ip),
      ),
      family: 6,
    },
    {
      ...valueClass(
        'ipv4-edge-octets',
        fc
          .tuple(
            fc.constantFrom(1, 9, 10, 99, 100, 199, 200, 223),
            fc.constantFrom(...EDGE_OCTETS),
            fc.constantFrom(...EDGE_OCTETS),
            fc.constantFrom(...EDGE_OCTETS),
          )
          .map((o) => quad(...o)),
        (ip) => isV4(ip) && v4Of(ip).every((o) => EDGE_OCTETS.includes(o) || o === 223),
      ),
      family: 4,
    },
  ];
  const allowed = classes.filter((c) => (c.family === 4 ? v4 : v6)).map(({ family: _family, ...c }) => c);
  return selectClasses('clientIp', allowed, constraints.classes);
}

/** A test of whether an address is one of `excluded`, in any textual form (mapped, compatible or NAT64 included). */
export function addressMatcher(excluded: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  const v4 = new Set<string>();
  for (const e of excluded) {
    const family = isIP(e);
    if (family === 0) throw new Error(`clientIp: exclude holds '${e}', which is not an IP address`);
    list.addAddress(e, family === 4 ? 'ipv4' : 'ipv6');
    if (family === 4) v4.add(e);
  }
  return (ip) => {
    const family = isIP(ip);
    if (family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return true;
    const tail = /:([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+)$/.exec(ip);
    return tail !== null && v4.has(tail[1]!);
  };
}

/**
 * A user's IP address in a textual form that `node:net` `isIP` accepts: drawn from
 * {@link clientIpClasses}, class i at run i of a property's first runs, then by weight.
 */
export function clientIp(constraints: ClientIpConstraints = {}): fc.Arbitrary<string> {
  const excluded = addressMatcher(constraints.exclude ?? []);
  return classed('clientIp', clientIpClasses(constraints)).filter((ip) => !excluded(ip));
}
