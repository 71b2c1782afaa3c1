/**
 * The values of new payments (created_at, invoice credentials, deeplinks), composed once per provider
 * from its profile, faults and variations: the invoice path only calls the composed functions.
 */
import { randomInt } from 'node:crypto';
import { withLuhnDigit } from './crypto.js';
import type { FaultSet } from './faults/catalog.js';
import { SKEWED_NODES_MS } from './faults/history.js';
import { createdAt, digits, FPS_HOLDER, jsonString } from './present.js';
import type { Profile } from './profile.js';
import type { Credentials } from './store.js';
import type { VariationSet } from './variations/catalog.js';

export interface Values {
  createdAt(): string;
  /** Recipient credentials of the `count`-th invoice. */
  credentials(count: number): Credentials;
  deeplinks(pageUrl: string): Record<string, string>;
  /** JSON.stringify(deeplinks(pageUrl)), written directly (the invoice answer's plain path). */
  deeplinksJson(pageUrl: string): string;
}

export function makeValues(faults: FaultSet, variations: VariationSet, profile: Profile, clockSkewMs: number): Values {
  return {
    createdAt: createdAtSource(faults, variations, clockSkewMs),
    credentials: credentialsSource(faults, variations),
    ...deeplinkSource(faults, variations, profile),
  };
}

/** Fault created-at-clock-cached: how long the time read is kept. */
const CLOCK_CACHE_MS = 60_000;

/** Variation created-at-nodes-apart: two nodes create payments in turn, their clocks this far either way of true time (apart by less than the profile's tolerance). */
const NEAR_NODES_MS = 100_000;

/** Variations created-at-clock-skew (an option too), created-at-any-micros, created-at-nodes-apart; fault created-at-nodes-skewed. */
function createdAtSource(faults: FaultSet, variations: VariationSet, skewMs: number): () => string {
  // Fault created-at-clock-cached: the time is read once a minute and kept (a cached "now").
  if (faults.has('created-at-clock-cached')) {
    let readAt = -Infinity;
    return () => {
      if (Date.now() - readAt >= CLOCK_CACHE_MS) readAt = Date.now();
      return createdAt(faults, readAt);
    };
  }
  const anyMicros = variations.has('created-at-any-micros');
  const nodesMs = faults.has('created-at-nodes-skewed') ? SKEWED_NODES_MS : variations.has('created-at-nodes-apart') ? NEAR_NODES_MS : 0;
  if (!anyMicros && skewMs === 0 && nodesMs === 0) return () => createdAt(faults);
  let n = 0;
  let node = 0;
  return () => {
    let now = performance.timeOrigin + performance.now() + skewMs + (node++ % 2 === 0 ? nodesMs : -nodesMs);
    if (anyMicros) {
      const second = Math.floor(now / 1000) * 1000;
      now = ++n % 3 === 0 ? second : second + randomInt(1_000_000) / 1000; // every third on a whole second
    }
    return createdAt(faults, now);
  };
}

/** Variation holder-names. */
export const HOLDERS = ['Салтыков-Щедрин Михаил Евграфович', 'Семёнова Алёна', 'IVANOVA ANNA', 'Иванов И. И.'] as const;
/** Variation fps-phone-other-countries: [country prefix, digits after it]; 10 to 15 digits in all. */
const FOREIGN_PHONES = [
  ['375', 9],
  ['998', 9],
  ['86', 11],
  ['49', 11],
  ['46', 8],
  ['882', 12],
] as const;

function credentialsSource(faults: FaultSet, variations: VariationSet): (count: number) => Credentials {
  const cardOnly = variations.has('credentials-card-only');
  const fpsOnly = variations.has('credentials-fps-only') && !cardOnly;
  const holders = variations.has('holder-names');
  const foreign = variations.has('fps-phone-other-countries');
  const plus = faults.has('fps-phone-plus');
  let fps = 0; // fast-payment-system recipients so far: the varied holders and phones take turns on it
  return (count) => {
    if (cardOnly || (!fpsOnly && count % 2 === 1)) return { card_pan: withLuhnDigit('220220' + digits(9)) };
    const n = fps++;
    const [prefix, rest] = foreign ? FOREIGN_PHONES[n % FOREIGN_PHONES.length]! : ['79', 9];
    const phone = prefix + digits(rest);
    return { phone: plus ? '+' + phone : phone, holder: holders ? HOLDERS[n % HOLDERS.length]! : FPS_HOLDER };
  };
}

const BANKS = ['SBERBANK', 'TINKOFF', 'VTB'];
/** Variation deeplink-other-banks: underscores between words, query strings and fragments. */
const OTHER_BANKS = ['ALFABANK', 'RAIFFEISEN', 'CREDIT_EUROPE_BANK', 'GAZPROMBANK', 'MTS_BANK', 'ROSSELKHOZBANK'];
const SCHEMES: Record<string, string> = { SBERBANK: 'sberbankonline', TINKOFF: 'tinkoffbank', VTB: 'vtb', ALFABANK: 'alfabank', RAIFFEISEN: 'raiffeisen' };

/** [key, text before the page address, encode it, text after], computed once: this runs on every invoice. */
type Link = readonly [string, string, boolean, string];

function deeplinkSource(faults: FaultSet, variations: VariationSet, profile: Profile): Pick<Values, 'deeplinks' | 'deeplinksJson'> {
  const other = variations.has('deeplink-other-banks');
  const app = variations.has('deeplink-app-schemes');
  const pool = other ? OTHER_BANKS : BANKS;
  let count = profile.invoice.deeplinkCount;
  if (faults.has('deeplink-two')) count = count === 2 ? 1 : 2; // two, unless two is what the profile wants
  const lower = faults.has('deeplink-lowercase-keys');
  const links: Link[] = [];
  for (let i = 0; i < count; i++) {
    const bank = pool[i] ?? `BANK${i + 1}`;
    const key = `${bank}_FOREIGN`;
    const query = other ? `?bank=${bank.toLowerCase()}&utm_source=app&lang=ru#pay-${i + 1}` : `?bank=${bank.toLowerCase()}`;
    const link: Link = app
      ? [key, `${SCHEMES[bank] ?? bank.toLowerCase().replaceAll('_', '')}://payments/p2p?url=`, true, query.replace('?', '&')]
      : [key, '', false, query];
    links.push(lower ? [key.toLowerCase(), link[1], link[2], link[3]] : link);
  }
  // Fault deeplink-previous-token: the page address of the invoice before (cached), the first invoice's own.
  let previous: string | undefined;
  const cached = faults.has('deeplink-previous-token')
    ? (pageUrl: string) => {
        const before = previous ?? pageUrl;
        previous = pageUrl;
        return before;
      }
    : (pageUrl: string) => pageUrl;
  const value = (pageUrl: string, link: Link) => link[1] + (link[2] ? encodeURIComponent(pageUrl) : pageUrl) + link[3];
  /** `{"KEY":` / `,"KEY":` per link, computed once. */
  const keys = links.map(([key], i) => `${i === 0 ? '{' : ','}${jsonString(key)}:`);
  return {
    deeplinks: (own) => {
      const pageUrl = cached(own);
      const out: Record<string, string> = {};
      for (const link of links) out[link[0]] = value(pageUrl, link);
      return out;
    },
    deeplinksJson: (own) => {
      const pageUrl = cached(own);
      let text = '';
      for (let i = 0; i < links.length; i++) text += keys[i]! + jsonString(value(pageUrl, links[i]!));
      return links.length === 0 ? '{}' : text + '}';
    },
  };
}
