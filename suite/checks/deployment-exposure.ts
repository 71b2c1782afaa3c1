// What the provider's origins serve besides the operations (ASVS 5.0 13.4.1, 13.4.3, 13.4.5, 13.4.7; API8 and
// API9:2023; ZAP's active rules 0, 41, 42, 40034, 40042, 10095): on the API's origin and the payment page's (taken
// from the redirect_url of an invoice the check creates; they may be one), a short fixed list of addresses a
// careless deployment leaves reachable, each answer judged by its content (exposure-patterns.ts). The profile's
// `security.findings` says which findings fail and which warn (harness/findings.ts).
import { randomBytes } from 'node:crypto';
import type { RuleId } from '../../contracts/index.js';
import { withAddressClient, type AddressClient } from '../harness/address-client.js';
import { step, type ApiCheck } from '../harness/check.js';
import { responseOf } from '../harness/expect-response.js';
import type { Exchange } from '../harness/exchange.js';
import { judgeFindings, requireFindings, type Finding, type FindingName } from '../harness/findings.js';
import { redirectTarget } from '../harness/page-crawl.js';
import { createInvoice } from '../harness/payment-page.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { actuatorEnv, configFile, directoryListing, docsOrMonitoring, envFile, normalisedBody, repositoryContent } from './exposure-patterns.js';
import { eachAtOnce } from '../harness/at-once.js';

const REPOSITORY_RULE: RuleId = 'PRO-SEC-NO-REPOSITORY-METADATA';
const LISTING_RULE: RuleId = 'PRO-SEC-NO-DIRECTORY-LISTING';
const ENDPOINTS_RULE: RuleId = 'PRO-SEC-NO-EXPOSED-ENDPOINTS';
const BACKUP_RULE: RuleId = 'PRO-SEC-NO-BACKUP-FILES';

const FINDINGS: readonly FindingName[] = ['repositoryMetadata', 'directoryListing', 'docsEndpoint', 'secretsFile', 'backupFile'];

/** Version-control metadata, asked for in each root (the origin's, the page's directory). */
const REPOSITORY_FILES = ['.git/HEAD', '.git/config', '.svn/entries', '.hg/requires'] as const;
/** Documentation, monitoring and debug endpoints, and the environment file, asked for at each origin's root. */
const ENDPOINTS = ['/openapi.json', '/swagger-ui/', '/swagger.json', '/actuator', '/actuator/env', '/metrics', '/debug', '/server-status', '/.env'] as const;
/** Build and server configuration at each origin's root. */
const CONFIG_FILES = ['/package.json', '/web.config'] as const;
/** The names editors and admins leave beside a file. */
const BACKUP_SUFFIXES = ['.bak', '~', '.old'] as const;
/** Assets of the page whose backups and directories are asked for. */
const MAX_ASSETS = 3;

/** The directories a path lies in, the nearest first: `/a/b/c` → `/a/b/`, `/a/`, `/`. */
export function parentDirectories(path: string): string[] {
  const segments = path.split('/').slice(1, -1);
  return segments.map((_, i) => `/${segments.slice(0, segments.length - i).join('/')}/`).concat('/');
}

/** The page as the invoice hands it out: where its redirects lead (the merchant's return address excepted), and its HTML. */
interface PageSeen {
  urls: string[];
  html: string;
}

async function followPage(client: AddressClient, redirectUrl: string, merchantOrigin: string): Promise<PageSeen> {
  const urls = [redirectUrl];
  let exchange = await client.send(redirectUrl, { method: 'GET', headers: { accept: 'text/html' } });
  for (let hop = 0; hop < 4; hop++) {
    const next = redirectTarget(exchange);
    if (!next || !/^https?:/.test(next) || new URL(next).origin === merchantOrigin || urls.includes(next)) break;
    urls.push(next);
    exchange = await client.send(next, { method: 'GET', headers: { accept: 'text/html' } });
  }
  return { urls, html: responseOf(exchange, 'PRO-PAGE-CONTENT', 'the payment page').bodyText };
}

/** Addresses of the page's scripts, styles and images on the provider's origins. */
function assetsOf(page: PageSeen, origins: ReadonlySet<string>): URL[] {
  const base = page.urls[page.urls.length - 1]!;
  const found = [...page.html.matchAll(/<(?:script|link|img|source)\b[^>]*?\s(?:src|href)\s*=\s*["']?([^"'\s>]+)/gi)]
    .map((m) => (URL.canParse(m[1]!, base) ? new URL(m[1]!, base) : undefined))
    .filter((u): u is URL => u !== undefined && origins.has(u.origin) && u.pathname !== '/' && !u.pathname.endsWith('/'));
  return [...new Map(found.map((u) => [u.origin + u.pathname, u])).values()].slice(0, MAX_ASSETS);
}

/** One address to ask for, and how to read its answer. */
interface Probe {
  url: string;
  /** The rule a lost answer is named by. */
  rule: RuleId;
  judge(res: { status: number; bodyText: string }, exchange: Exchange): Finding | undefined;
}

const where = (exchange: Exchange, status: number) => `GET ${exchange.request.url} (HTTP ${status})`;
const ok = (status: number) => status >= 200 && status < 300;

/** A file whose content, when served with a 2xx, is the finding: what `recognise` names in the body. */
interface ContentFinding {
  name: FindingName;
  rule: RuleId;
  expected: string;
  recognise(path: string, body: string): string | undefined;
}

function contentProbe(url: string, finding: ContentFinding): Probe {
  return {
    url,
    rule: finding.rule,
    judge: (res, exchange) => {
      const seen = ok(res.status) ? finding.recognise(new URL(url).pathname, res.bodyText) : undefined;
      if (!seen) return undefined;
      return { name: finding.name, rule: finding.rule, expected: finding.expected, received: `${where(exchange, res.status)}: ${seen}`, exchange };
    },
  };
}

const REPOSITORY: ContentFinding = {
  name: 'repositoryMetadata',
  rule: REPOSITORY_RULE,
  expected: "no version-control metadata (.git, .svn, .hg) on the provider's origins: a 404 or 403",
  recognise: repositoryContent,
};
const LISTING: ContentFinding = {
  name: 'directoryListing',
  rule: LISTING_RULE,
  expected: "no directory of the provider's origins lists its files",
  recognise: (_path, body) => directoryListing(body),
};
const CONFIG: ContentFinding = {
  name: 'backupFile',
  rule: BACKUP_RULE,
  expected: "no build or server configuration file on the provider's origins",
  recognise: configFile,
};

function endpointProbe(url: string): Probe {
  return {
    url,
    rule: ENDPOINTS_RULE,
    judge: (res, exchange) => {
      if (!ok(res.status)) return undefined;
      const env = envFile(res.bodyText);
      const actuator = actuatorEnv(res.bodyText);
      const secrets = env?.secrets ?? actuator?.secrets ?? [];
      if (secrets.length > 0)
        return {
          name: 'secretsFile',
          rule: ENDPOINTS_RULE,
          expected: "no environment or configuration file with secrets on the provider's origins",
          // The names only: the values are secrets (the evidence's redaction masks what it knows, not these).
          received: `${where(exchange, res.status)}: ${env ? `an environment file of ${env.variables} variables` : 'Spring actuator env'} with values for ${secrets.join(', ')}`,
          exchange: { ...exchange, response: exchange.response && { ...exchange.response, bodyText: '(withheld: it holds secrets)', json: undefined } },
        };
      const seen = docsOrMonitoring(res.bodyText) ?? (env ? `an environment file of ${env.variables} variables` : undefined);
      if (!seen) return undefined;
      return {
        name: 'docsEndpoint',
        rule: ENDPOINTS_RULE,
        expected: "no documentation, monitoring or debug endpoint on the provider's origins unless the profile intends it",
        received: `${where(exchange, res.status)}: ${seen}`,
        exchange,
      };
    },
  };
}

/**
 * Backups of one file: a name beside it that gets a 2xx whose body is not what a name that cannot exist gets (a
 * soft 404, an application shell) is a copy served.
 */
function backupProbes(file: URL): { control: string; probes: (control: { status: number; bodyText: string }) => Probe[] } {
  const base = file.origin + file.pathname;
  const control = `${base}.pts-${randomBytes(4).toString('hex')}`;
  return {
    control,
    probes: (c) =>
      BACKUP_SUFFIXES.map((suffix) => ({
        url: base + suffix,
        rule: BACKUP_RULE,
        judge: (res, exchange) => {
          if (!ok(res.status) || res.bodyText.trim() === '') return undefined;
          const same = ok(c.status) && normalisedBody(res.bodyText, new URL(base + suffix).pathname) === normalisedBody(c.bodyText, new URL(control).pathname);
          if (same) return undefined;
          return {
            name: 'backupFile',
            rule: BACKUP_RULE,
            expected: `no backup or editor copy of ${file.pathname} (.bak, ~, .old) on the provider's origins`,
            received: `${where(exchange, res.status)}: ${res.bodyText.length} characters, not what a name that cannot exist gets (${c.status === 0 ? 'no answer' : `HTTP ${c.status}`} for ${new URL(control).pathname})`,
            exchange,
          };
        },
      })),
  };
}

/** Asks for each probe's address (GET, as a scanner would), and judges each answer. */
async function run(client: AddressClient, api: ProviderApi, probes: readonly Probe[]): Promise<Finding[]> {
  const judged = await eachAtOnce(api.atOnce, probes, async (p) => {
    const exchange = await client.send(p.url, { method: 'GET', headers: { accept: '*/*' } });
    return p.judge(responseOf(exchange, p.rule, `an answer to GET ${p.url}`), exchange);
  });
  return judged.filter((f): f is Finding => f !== undefined);
}

/** The addresses each enabled finding needs, on every origin, each once. */
function probesFor(api: ProviderApi, page: PageSeen, origins: ReadonlySet<string>, on: (n: FindingName) => boolean) {
  const apiUrl = new URL(api.baseUrl);
  const pageUrls = page.urls.map((u) => new URL(u)).filter((u) => origins.has(u.origin));
  const assets = assetsOf(page, origins);
  const unique = (urls: string[]) => [...new Set(urls)];
  const roots = unique([...[...origins].map((o) => `${o}/`), ...pageUrls.map((u) => u.origin + parentDirectories(u.pathname)[0]!)]);
  const apiPaths = Object.values(api.profile.paths).map((p) => new URL(apiUrl.pathname.replace(/\/$/, '') + p, apiUrl.origin));
  const directories = unique([...apiPaths, ...pageUrls, ...assets].flatMap((u) => parentDirectories(u.pathname).map((d) => u.origin + d)));
  return {
    repository: on('repositoryMetadata') ? unique(roots.flatMap((r) => REPOSITORY_FILES.map((f) => r + f))).map((u) => contentProbe(u, REPOSITORY)) : [],
    listings: on('directoryListing') ? directories.map((u) => contentProbe(u, LISTING)) : [],
    endpoints: on('docsEndpoint') || on('secretsFile') ? [...origins].flatMap((o) => ENDPOINTS.map((p) => endpointProbe(o + p))) : [],
    configs: on('backupFile') ? [...origins].flatMap((o) => CONFIG_FILES.map((p) => contentProbe(o + p, CONFIG))) : [],
    backups: on('backupFile') ? [pageUrls[pageUrls.length - 1], ...assets].filter((u): u is URL => u !== undefined).map(backupProbes) : [],
  };
}

/**
 * Version-control metadata, directory listings, documentation and monitoring endpoints, environment files and backup
 * copies on the API's origin and the payment page's: each recognised by what it answers, never by a 200 alone.
 */
export function nothingExposedBesideOperations(): ApiCheck {
  return {
    name: 'nothingExposedBesideOperations()',
    title:
      "the API's origin and the payment page's serve no version-control metadata, directory listing, documentation or monitoring endpoint, environment file or backup copy (each recognised by its content)",
    rules: [REPOSITORY_RULE, LISTING_RULE, ENDPOINTS_RULE, BACKUP_RULE],
    requests: { about: 60 },
    async run({ api }) {
      requireFindings(api, FINDINGS);
      const levels = api.profile.security.findings;
      const on = (n: FindingName) => levels[n] !== 'off';
      const { body, response } = await createInvoice(api, 'PRO-INV-SUCCESS');
      await withAddressClient(api, async (client) => {
        const page = await step(`the payment page ${response.redirect_url}`, () => followPage(client, response.redirect_url, new URL(body.return_url).origin));
        const origins = new Set([new URL(api.baseUrl).origin, ...page.urls.map((u) => new URL(u).origin).filter((o) => o !== new URL(body.return_url).origin)]);
        const p = probesFor(api, page, origins, on);
        const findings = await step(
          `GET on ${[...origins].join(' and ')}: repository metadata, directories, endpoints, configuration and backups`,
          async () => {
            const controls = await eachAtOnce(api.atOnce, p.backups, async (b) => {
              const exchange = await client.send(b.control, { method: 'GET', headers: { accept: '*/*' } });
              return b.probes(responseOf(exchange, BACKUP_RULE, `an answer to GET ${b.control}`));
            });
            return run(client, api, [...p.repository, ...p.listings, ...p.endpoints, ...p.configs, ...controls.flat()]);
          },
        );
        judgeFindings(api, findings);
      });
    },
  };
}
