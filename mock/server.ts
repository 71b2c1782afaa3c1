import { throughSeam } from './seams/apply.js';
import { makePolicies } from './seams/policies.js';
import { cleanStorePolicy, STORE_POLICY_SEAMS } from './seams/store-policy.js';
import { VALIDATION_RULE_SEAMS } from './seams/validation-rules.js';
import { createServer, ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { framingFront, frontReading, type Front } from './framing-front.js';
import { h2Front, h2FrontReading } from './h2-front.js';
import { MAX_JSON_BYTES, mediaType, parseJsonObject, readBody } from './body.js';
import { firstWins, hasDuplicateNames, topLevelMembers } from './duplicate-keys.js';
import { CallbackDispatcher, DEFAULT_RETRY_DELAYS_MS } from './callbacks.js';
import type { Ctx } from './context.js';
import { errorTable, type ErrorResponse } from './errors.js';
import { FaultSet } from './faults/catalog.js';
import { keepAmountAsWritten } from './validation.js';
import { handleAccount2Card } from './handlers/account2card.js';
import { handleInvoice } from './handlers/invoice.js';
import { edgeRefusal, headerClientIp, invoiceCtx } from './forwarded.js';
import { handlePage, PAGE_ROUTE } from './handlers/page.js';
import { handleStatus } from './handlers/status.js';
import { handleUpload } from './handlers/upload.js';
import { ClockIds, RandomIds, SequentialIds, type IdSource } from './ids.js';
import { Later } from './later.js';
import { Merchants } from './merchants.js';
import { detailed, wording } from './messages.js';
import { checkProfile, DEFAULT_PROFILE, type Profile } from './profile.js';
import { CSP_REPORT_PATH, makeOutput, makeValidationStyle, sendError, sendText } from './respond.js';
import { answerConnect, carriedOut, rawAnswer, refuseMethod, unknownMethodAnswer } from './methods.js';
import { PaymentStore } from './store.js';
import { answeredPaymentScript } from './page-leaks.js';
import { RECENT_PAYMENTS } from './faults/history.js';
import { frontFailsOn } from './faults/front.js';
import type { ProviderOptions, RunningProvider } from './types.js';
import { makeValues } from './values.js';
import { behindNetwork, networkConditions } from './network.js';
import { answeredBeside, isStaleInvoicePath, siblingVersionPath } from './exposure.js';
import { VariationSet } from './variations/catalog.js';
import { stackOf } from './stacks/catalog.js';
import { closeIdle, continueOnRead, dressAnswer, keepConnections, notFoundPage, unknownMethodAnswer as stackUnknownMethod } from './stacks/front.js';
import {
  acceptRefusal,
  CODING_REFUSAL_HEADERS,
  codingReading,
  gunzipped,
  plainTextRoute,
  readsAnyMediaType,
  refusalAfterCreating,
  createsBeforeTypeCheck,
} from './negotiation.js';

/** The default profile's paths (a provider started with another profile serves that profile's). */
export const PATHS = DEFAULT_PROFILE.paths;

/** `carried`: the body the payment is made from where it differs from the one validated (request policy duplicateNames). */
type JsonRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  ctx: Ctx,
  body: Record<string, unknown>,
  raw: Buffer,
  carried?: Record<string, unknown>,
) => void | Promise<void>;

/** What one server answers: the API (JSON routes, upload), the payment pages, or both. */
interface App {
  readonly json: ReadonlyMap<string, JsonRoute>;
  readonly upload: string | null;
  readonly pages: boolean;
}

function apiApp(profile: Profile, pages: boolean): App {
  const json = new Map<string, JsonRoute>([
    [profile.paths.invoice, (req, res, ctx, body, _raw, carried) => handleInvoice(res, invoiceCtx(req, ctx), body, carried, headerClientIp(req, ctx))],
    [profile.paths.account2card, handleAccount2Card],
  ]);
  // Profile status.enabled false: the status path is an unknown path.
  if (profile.status.enabled)
    json.set(profile.paths.status, (_req, res, ctx, body) =>
      ctx.policy.status.delayMs > 0 ? ctx.later.sleep(ctx.policy.status.delayMs).then(() => handleStatus(res, ctx, body)) : handleStatus(res, ctx, body),
    );
  return { json, upload: profile.paths.upload, pages };
}

/** The pages' own server (serving policy pagesOnOtherOrigin). */
const PAGE_APP: App = { json: new Map(), upload: null, pages: true };

/** The invoice handler as an alias routed apart from the signature check serves it: the digest never compared. */
const aliasRoute: JsonRoute = (_req, res, ctx, body, _raw, carried) =>
  handleInvoice(res, { ...ctx, policy: { ...ctx.policy, invoice: { ...ctx.policy.invoice, digestChecked: false } } }, body, carried);

/** The path as routed and spelled: a query string makes it no address served where only the plainest spelling is. */
function spelledPath(path: string, withQuery: boolean, ctx: Ctx): string {
  const policy = ctx.policy.request;
  const normalised = policy.pathsNormalised
    ? path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1')
    : ctx.stack?.trailingSlash === 'same'
      ? path.replace(/(.)\/$/, '$1')
      : path;
  return policy.plainestSpellingOnly && withQuery ? '/unknown' + normalised : normalised;
}

/** A media type written other than `application/json`, or a body without Content-Length. */
function spelledOtherwise(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  return (type !== undefined && type !== 'application/json') || req.headers['content-length'] === undefined;
}

/** A member whose name is another member's in another letter case stands for it when that one is absent (request policy namesFolded). */
function namesFolded(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) if (name === name.toLowerCase() || !(name.toLowerCase() in body)) out[name.toLowerCase()] = value;
  return out;
}

/** The answer to a body that is no JSON, as the request policy has it: it may say what the parser said. */
function malformedAnswer(bytes: Buffer, ctx: Ctx): ErrorResponse {
  const how = ctx.policy.request.malformed;
  if (how === 'refused') return ctx.err.malformedJson;
  if (how === 'server-error') return ctx.err.unknown;
  try {
    JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    const { message, stack } = e as Error;
    return { status: ctx.err.malformedJson.status, message: how === 'stack-trace' ? String(stack) : `${ctx.err.malformedJson.message}: ${message}` };
  }
  return ctx.err.malformedJson;
}

/** An exception while answering: 500 if nothing was sent yet, else the connection is dropped. */
function failed(res: ServerResponse, ctx: Ctx, err: unknown): void {
  if (process.env.PTS_MOCK_DEBUG) console.error(err);
  if (!res.headersSent) sendError(res, ctx.out, ctx.err.unknown);
  else res.destroy();
}

/** What a handler returned: a Promise (upload, a concurrency fault's round trip) is watched for failures. */
function watch(res: ServerResponse, ctx: Ctx, result: void | Promise<void>): void {
  if (result !== undefined) result.catch((err: unknown) => failed(res, ctx, err));
}

/**
 * Synchronous up to the handler: no Promise and no await per request (the JSON body arrives
 * through a callback, called from an event listener, so its exceptions are caught there).
 */
function route(req: IncomingMessage, res: ServerResponse, ctx: Ctx, app: App): void | Promise<void> {
  const policy = ctx.policy.request;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = spelledPath(siblingVersionPath(policy.routed(query === -1 ? url : url.slice(0, query)), ctx), query !== -1, ctx);
  // An alias routed apart from the signature check: the invoice path with a trailing slash, or an older version's.
  const alias = (policy.slashAliasUnsigned && path === `${ctx.profile.paths.invoice}/`) || isStaleInvoicePath(path, ctx);
  const jsonRoute = alias ? aliasRoute : app.json.get(path);
  const isApi = jsonRoute !== undefined || path === app.upload;

  if (!isApi) {
    const page = app.pages ? PAGE_ROUTE.exec(path) : null;
    // The pages' addresses, loads and presses alike, refused now and then, not processed.
    if (page && policy.pageRateLimitEvery > 0 && ++ctx.pageRequests % policy.pageRateLimitEvery === 0) {
      req.resume();
      return sendError(res, ctx.out, ctx.err.rateLimited, { 'retry-after': '1' });
    }
    if (page) return handlePage(req, res, ctx, page[1]!, page[2]!, page[3]);
    req.resume();
    // The page's CSP violation reports (report-uri, report-to): taken and dropped.
    if (path === CSP_REPORT_PATH && req.method === 'POST') return sendText(res, ctx.out, 204, 'text/plain; charset=utf-8', '');
    if (req.method === 'GET' && answeredPaymentScript(res, ctx, path)) return;
    if (answeredBeside(req, res, ctx, path)) return;
    if (ctx.stack) return notFoundPage(ctx.stack, req, res, path);
    return sendError(res, ctx.out, ctx.err.notFound);
  }
  if (policy.apiRateLimitEvery > 0 && ++ctx.apiRequests % policy.apiRateLimitEvery === 0) {
    req.resume(); // refused before any processing
    return sendError(res, ctx.out, ctx.err.rateLimited, { 'retry-after': '1' });
  }
  if (!carriedOut(req.method, ctx)) return refuseMethod(req, res, ctx);
  // Variations host-misdirected-421, forwarded-headers-refused: the edge refuses before any processing.
  const edge = edgeRefusal(req, ctx);
  if (edge) {
    req.resume();
    return sendError(res, ctx.out, edge);
  }
  if (!jsonRoute) {
    // A form whose media type is written otherwise, or without Content-Length.
    if (policy.plainestSpellingOnly && (!/^multipart\/form-data;/.test(req.headers['content-type'] ?? '') || req.headers['content-length'] === undefined)) {
      req.resume();
      return sendError(res, ctx.out, ctx.err.unsupportedMediaTypeUpload);
    }
    return handleUpload(req, res, ctx);
  }

  const type = mediaType(req.headers['content-type']);
  const otherType = type !== '' && type !== 'application/json';
  // Fault other-media-type-skips-signature: a text/plain invoice goes to a route registered apart from the digest check.
  const plainRoute = plainTextRoute(type, ctx) && path === ctx.profile.paths.invoice;
  if ((otherType && !readsAnyMediaType(ctx) && !plainRoute && !createsBeforeTypeCheck(ctx)) || (policy.plainestSpellingOnly && spelledOtherwise(req))) {
    req.resume();
    return sendError(res, ctx.out, ctx.err.unsupportedMediaType);
  }
  const coding = codingReading(req, ctx);
  const refusal = coding === 'refuse' ? ctx.err.unsupportedContentCoding : acceptRefusal(req, ctx);
  if (refusal) {
    req.resume();
    return sendError(res, ctx.out, refusal, coding === 'refuse' ? CODING_REFUSAL_HEADERS : undefined);
  }
  const unsigned = plainRoute || (coding === 'gunzip' && policy.gzipUnsigned && path === ctx.profile.paths.invoice);
  const handler = unsigned ? aliasRoute : jsonRoute;
  const limit = ctx.stack?.jsonLimit;
  // A stack under WSGI reads a body without Content-Length as empty (gunicorn passes no CONTENT_LENGTH).
  const unread = ctx.stack?.chunkedBodyEmpty === true && req.headers['content-length'] === undefined;
  readBody(req, limit?.bytes ?? MAX_JSON_BYTES, (whole) => {
    const read: typeof whole = unread && whole.ok ? { ok: true, bytes: Buffer.alloc(0) } : whole;
    try {
      if (!read.ok) return sendError(res, ctx.out, limit?.status === 400 ? { status: 400, message: 'Request body too large' } : ctx.err.payloadTooLarge);
      // Variation gzip-decoded: the decoded bytes are the body (its signature and X-Sign are over them), at most MAX_JSON_BYTES.
      const decoded = coding === 'gunzip' ? gunzipped(read.bytes, MAX_JSON_BYTES) : read;
      if (!decoded.ok) return sendError(res, ctx.out, decoded.reason === 'too-large' ? ctx.err.payloadTooLarge : ctx.err.malformedJson);
      const bytes = decoded.bytes;
      const parsed = parseJsonObject(bytes);
      if (!parsed.ok) {
        if (parsed.reason === 'not-object') return sendError(res, ctx.out, ctx.err.notAnObject);
        return sendError(res, ctx.out, malformedAnswer(bytes, ctx));
      }
      let body = parsed.value;
      let carried: Record<string, unknown> | undefined;
      if (policy.duplicateNames === 'split' || policy.plainestSpellingOnly) {
        const members = topLevelMembers(bytes.toString('utf8'));
        if (hasDuplicateNames(members) && policy.plainestSpellingOnly) return sendError(res, ctx.out, ctx.err.malformedJson);
        if (hasDuplicateNames(members) && policy.duplicateNames === 'split') [body, carried] = [firstWins(members), parsed.value];
      }
      if (policy.amountAsWritten) keepAmountAsWritten(body, bytes);
      if (policy.namesFolded) body = namesFolded(body);
      if (policy.exponentAmountThrows && /"amount"\s*:\s*-?\d+(?:\.\d+)?[eE]/.test(bytes.toString('utf8')))
        throw new Error('strconv.ParseInt: parsing "amount": invalid syntax');
      if (frontFailsOn(req, res, ctx, path, body)) return;
      // A layer after the handler refuses: the payment is made, the answer not sent.
      const refusedAfter = refusalAfterCreating(req, ctx, otherType);
      if (refusedAfter || (policy.lengthlessCarriedOutThenRefused && req.headers['content-length'] === undefined)) {
        const unseen = new ServerResponse(req); // no socket: what the handler writes goes nowhere
        return watch(
          res,
          ctx,
          Promise.resolve(handler(req, unseen, ctx, body, bytes, carried)).then(() => sendError(res, ctx.out, refusedAfter ?? ctx.err.badRequest)),
        );
      }
      watch(res, ctx, handler(req, res, ctx, body, bytes, carried));
    } catch (err) {
      failed(res, ctx, err);
    }
  });
}

/** Everything decided once per provider from its options. */
function makeCtx(options: ProviderOptions): Ctx {
  const faults = new FaultSet(options.faults ?? []);
  const variations = new VariationSet(options.variations ?? []);
  const profile = checkProfile(options.profile ?? DEFAULT_PROFILE);
  const stack = stackOf(variations.names);
  const policy = makePolicies(faults, variations, profile, stack, options.clockSkewMs ?? 0);
  const worded = wording(policy.serving.language, profile.validation.requiredPattern);
  const text = policy.serving.detailedMessages ? detailed(worded) : worded;
  const v = profile.validation;
  return {
    faults,
    variations,
    profile,
    policy,
    out: makeOutput(faults, variations, profile, stack),
    err: errorTable(profile.http, text.errors),
    validation: makeValidationStyle(faults, variations, profile, text),
    rules: throughSeam(VALIDATION_RULE_SEAMS, faults, variations, {
      nullIsMissing: v.nullIsMissing,
      emptyIsMissing: v.emptyStringIsMissing,
      emptyAccepted: false,
      signatureCaseSensitive: !v.signatureCaseInsensitive,
      rejectDuplicates: v.duplicateTransactionRejected,
      antifraudClientIp: profile.antifraud.invoiceClientIp,
      xSignFirst: profile.account2card.xSignCheckedFirst,
      xSignEncoding: profile.account2card.xSignEncoding,
      reportsSignature: false,
      blankIsMissing: v.blankTextIsMissing === true,
      urlWhatwg: false,
      refusePrivateIp: false,
      invoiceState: profile.invoice.initialState,
      account2cardState: 'processing',
      refusesUnknownFields: false,
    }),
    values: makeValues(faults, variations, profile, policy.serving.clockSkewMs),
    merchants: new Merchants(options.merchants),
    store: makeStore(options, faults, variations),
    callbacks: new CallbackDispatcher(options.callbackRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS, faults, variations, profile, options.callbackTryTimeoutMs),
    later: new Later(),
    baseUrl: '',
    pageUrl: '',
    invoiceCount: 0,
    apiRequests: 0,
    pageRequests: 0,
    network: networkConditions(variations, options.network),
    stack,
  };
}

/** The payment store: its bound, its id sequences and its duplicate index, as its policy has them. */
function makeStore(options: ProviderOptions, faults: FaultSet, variations: VariationSet): PaymentStore {
  const maxPayments = options.maxPayments ?? 10_000;
  const { recentOnly, ids, account2cardOwnSequence, ...index } = throughSeam(STORE_POLICY_SEAMS, faults, variations, cleanStorePolicy());
  return new PaymentStore({
    maxPayments: recentOnly ? Math.min(maxPayments, RECENT_PAYMENTS) : maxPayments,
    ids: ID_SOURCES[ids](),
    account2cardIds: ids === 'disjoint' ? new SequentialIds(1, 2) : account2cardOwnSequence ? new SequentialIds() : undefined,
    oldestFirst: recentOnly,
    usedKept: 2 * maxPayments, // a recent-payments store still keeps its duplicate index whole
    ...index,
  });
}

/** The id source of each numbering the store's policy names (disjoint: invoices even, account to card odd). */
const ID_SOURCES: Readonly<Record<ReturnType<typeof cleanStorePolicy>['ids'], () => IdSource>> = {
  sequential: () => new SequentialIds(),
  random: () => new RandomIds(),
  disjoint: () => new SequentialIds(2, 2),
  clock: () => new ClockIds(),
};

/** The parser's refusals of a message whose length it could read two ways (RFC 9112 6.1, 6.3). */
const AMBIGUOUS_FRAMING = new Set(['HPE_INVALID_TRANSFER_ENCODING', 'HPE_UNEXPECTED_CONTENT_LENGTH', 'HPE_INVALID_CONTENT_LENGTH']);

function serve(ctx: Ctx, app: App): Server {
  const dispatch = (req: IncomingMessage, res: ServerResponse) => {
    try {
      watch(res, ctx, route(req, res, ctx, app));
    } catch (err) {
      failed(res, ctx, err);
    }
  };
  const { slowMs, idleCloseMs, keepAliveTimeoutMs: keepAliveTimeout, lenientParser: insecureHTTPParser, ambiguousFramingDropped } = ctx.policy.serving;
  const { stack } = ctx;
  // A stack of the panel: its own answers around the handlers' (mock/stacks/front.ts).
  const dressed = stack
    ? (req: IncomingMessage, res: ServerResponse) => {
        dressAnswer(stack, res);
        dispatch(req, res);
      }
    : dispatch;
  const handle = slowMs > 0 ? (req: IncomingMessage, res: ServerResponse) => void ctx.later.run(slowMs, () => dressed(req, res)) : dressed;
  const server = createServer(
    { keepAliveTimeout, requestTimeout: 60_000, insecureHTTPParser },
    ctx.network ? behindNetwork(ctx.network, ctx.later, handle) : handle,
  );
  // Malformed HTTP: answer with a JSON message body instead of node's bare 400.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) return void socket.destroy();
    if (ambiguousFramingDropped && AMBIGUOUS_FRAMING.has(err.code ?? '')) return void socket.destroy();
    if (stack && err.code === 'HPE_INVALID_METHOD') return void socket.end(stackUnknownMethod(stack, (err as { rawPacket?: Buffer }).rawPacket));
    const e = err.code === 'HPE_HEADER_OVERFLOW' ? ctx.err.headersTooLarge : err.code === 'HPE_INVALID_METHOD' ? unknownMethodAnswer(ctx) : ctx.err.badRequest;
    if (e === undefined) return void socket.destroy();
    rawAnswer(socket, e);
  });
  answerConnect(server, ctx);
  if (idleCloseMs !== null) closeIdle(server, idleCloseMs);
  if (stack) keepConnections(stack, server);
  if (stack?.expectContinue === 'on-read') continueOnRead(server, handle);
  else if (ctx.policy.serving.continueWithheld) server.on('checkContinue', handle);
  return server;
}

async function listen(server: NetServer, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${urlHost}:${bound}`;
}

/** Starts the reference provider on node:http (and, under variation page-other-origin, its page server). */
export async function startProvider(options: ProviderOptions): Promise<RunningProvider> {
  const ctx = makeCtx(options);
  const host = options.host ?? '127.0.0.1';
  const otherOrigin = ctx.policy.serving.pagesOnOtherOrigin;
  const servers = [serve(ctx, apiApp(ctx.profile, !otherOrigin))];
  if (otherOrigin) servers.push(serve(ctx, PAGE_APP));
  const urls: string[] = [];
  // Faults front-frames-by-content-length, front-duplicate-content-length-first, variation framing-te-wins: a front
  // listens where the provider is reached, the provider behind it on a port of its own.
  const reading = frontReading(ctx.faults, ctx.variations);
  // Faults h2-front-*, variations h2-front-strict, h2-front-refuses-400: an HTTP/2 front before those (mock/h2-front.ts).
  const h2Reading = h2FrontReading(ctx.faults, ctx.variations);
  let front: Front | undefined;
  let h2: Front | undefined;
  try {
    urls.push(await listen(servers[0]!, reading || h2Reading ? 0 : (options.port ?? 0), host));
    if (reading) {
      front = framingFront(host, Number(new URL(urls[0]!).port), reading);
      urls[0] = await listen(front.server, h2Reading ? 0 : (options.port ?? 0), host);
    }
    if (h2Reading) {
      h2 = h2Front(host, Number(new URL(urls[0]!).port), h2Reading);
      urls[0] = await listen(h2.server, options.port ?? 0, host);
    }
    if (otherOrigin) urls.push(await listen(servers[1]!, 0, host));
  } catch (e) {
    for (const s of servers) s.close();
    void front?.close();
    void h2?.close();
    throw e;
  }
  ctx.baseUrl = urls[0]!;
  const pagesAt = urls[1] ?? urls[0]!;
  ctx.pageUrl = `${pagesAt}/${ctx.policy.page.goAddress ? 'go' : 'pay'}/`;

  let closing: Promise<void> | undefined;
  return {
    url: ctx.baseUrl,
    pageUrl: pagesAt,
    faults: ctx.faults.names,
    variations: ctx.variations.names,
    close() {
      closing ??= Promise.all([
        h2?.close(),
        front?.close(),
        ...servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      ]).then(() => undefined);
      ctx.callbacks.stop();
      ctx.later.stop();
      return closing;
    },
  };
}
