import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_JSON_BYTES, mediaType, parseJsonObject, readBody } from './body.js';
import { CallbackDispatcher, DEFAULT_RETRY_DELAYS_MS } from './callbacks.js';
import type { Ctx } from './context.js';
import { ERRORS } from './errors.js';
import { FaultSet } from './faults/catalog.js';
import { handleAccount2Card } from './handlers/account2card.js';
import { handleInvoice } from './handlers/invoice.js';
import { handlePage, PAGE_ROUTE } from './handlers/page.js';
import { handleStatus } from './handlers/status.js';
import { handleUpload } from './handlers/upload.js';
import { Merchants } from './merchants.js';
import { JSON_TYPE, sendError } from './respond.js';
import { PaymentStore } from './store.js';
import type { ProviderOptions, RunningProvider } from './types.js';

export const PATHS = {
  invoice: '/api/v1/payments/card2account/invoice',
  account2card: '/api/v1/payments/account2card',
  upload: '/api/v1/psa/upload-transports',
  status: '/api/v1/payments/status',
} as const;

type JsonRoute = (req: IncomingMessage, res: ServerResponse, ctx: Ctx, body: Record<string, unknown>, raw: Buffer) => void;

const JSON_ROUTES = new Map<string, JsonRoute>([
  [PATHS.invoice, (_req, res, ctx, body) => handleInvoice(res, ctx, body)],
  [PATHS.account2card, handleAccount2Card],
  [PATHS.status, (_req, res, ctx, body) => handleStatus(res, ctx, body)],
]);

/** Fault unversioned-paths: /api/payments/... serves what /api/v1/payments/... should, and /api/v1/ is unknown. */
function routedPath(path: string, faults: FaultSet): string {
  if (!faults.has('unversioned-paths')) return path;
  if (path.startsWith('/api/v1/')) return '/unknown' + path;
  return path.startsWith('/api/') ? '/api/v1/' + path.slice('/api/'.length) : path;
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: Ctx): Promise<void> {
  const { faults } = ctx;
  const path = routedPath((req.url ?? '/').split('?')[0]!, faults);
  const jsonRoute = JSON_ROUTES.get(path);
  const isApi = jsonRoute !== undefined || path === PATHS.upload;

  if (!isApi) {
    const page = PAGE_ROUTE.exec(path);
    if (page) return handlePage(req, res, ctx, page[1]!, page[2]);
    req.resume();
    return sendError(res, faults, ERRORS.notFound);
  }
  if (req.method !== 'POST' && !(req.method === 'GET' && faults.has('get-allowed'))) {
    req.resume();
    return sendError(res, faults, ERRORS.methodNotAllowed, { allow: 'POST' });
  }
  if (!jsonRoute) return handleUpload(req, res, ctx);

  const type = mediaType(req.headers['content-type']);
  if (type !== '' && type !== 'application/json') {
    req.resume();
    return sendError(res, faults, ERRORS.unsupportedMediaType);
  }
  const read = await readBody(req, MAX_JSON_BYTES);
  if (!read.ok) {
    if (read.reason === 'too-large') sendError(res, faults, ERRORS.payloadTooLarge);
    return;
  }
  const parsed = parseJsonObject(read.bytes);
  if (!parsed.ok) {
    if (parsed.reason === 'malformed' && faults.has('malformed-json-500')) return sendError(res, faults, ERRORS.unknown);
    return sendError(res, faults, parsed.reason === 'malformed' ? ERRORS.malformedJson : ERRORS.notAnObject);
  }
  jsonRoute(req, res, ctx, parsed.value, read.bytes);
}

/** Starts the reference provider on node:http. */
export async function startProvider(options: ProviderOptions): Promise<RunningProvider> {
  const faults = new FaultSet(options.faults ?? []);
  const merchants = new Merchants(options.merchants);
  const store = new PaymentStore(options.maxPayments ?? 10_000);
  const callbacks = new CallbackDispatcher(options.callbackRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS, faults);
  const host = options.host ?? '127.0.0.1';
  const ctx: Ctx = { faults, merchants, store, callbacks, baseUrl: '', invoiceCount: 0 };

  const server = createServer({ keepAliveTimeout: 5000, requestTimeout: 60_000 }, (req, res) => {
    route(req, res, ctx).catch((err: unknown) => {
      if (process.env.PTS_MOCK_DEBUG) console.error(err);
      if (!res.headersSent) sendError(res, faults, ERRORS.unknown);
      else res.destroy();
    });
  });
  // Malformed HTTP: answer with a JSON message body instead of node's bare 400.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) return void socket.destroy();
    const e = err.code === 'HPE_HEADER_OVERFLOW' ? ERRORS.headersTooLarge : ERRORS.badRequest;
    const text = JSON.stringify({ message: e.message });
    socket.end(
      `HTTP/1.1 ${e.status} ${e.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `content-type: ${JSON_TYPE}\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  ctx.baseUrl = `http://${urlHost}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: ctx.baseUrl,
    faults: faults.names,
    close() {
      closing ??= new Promise<void>((resolve) => {
        callbacks.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
