// What the provider's origins answer besides the operations and the payment pages (docs/security-probes.md,
// deployment leaks). By default nothing: an unknown path is the profile's 404. The faults serve what a careless
// deployment leaves reachable; the variations answer unknown paths the way correct front ends do.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ctx } from './context.js';
import { JSON_TYPE, sendHtml, sendText } from './respond.js';

const TEXT_TYPE = 'text/plain; charset=utf-8';

/** Fault git-directory-served: the working tree copied to the web root, .git included. */
const GIT_FILES: Readonly<Record<string, string>> = {
  '/.git/HEAD': 'ref: refs/heads/main\n',
  '/.git/config':
    '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n' +
    '[remote "origin"]\n\turl = git@git.internal.example:payments/pts-gateway.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n',
};

/** Fault env-file-served: the deployment's environment file, secrets included. */
const ENV_FILE =
  'APP_ENV=production\nAPP_DEBUG=false\nDATABASE_URL=postgres://pts:Zk4r9sPq@db.internal.example:5432/payments\n' +
  'MERCHANT_SIGNING_SECRET=3f9c2a7e51b84d06a1\nREDIS_URL=redis://cache.internal.example:6379/0\n';

/** Fault page-directory-autoindex: nginx's autoindex on the directory the page addresses are under. */
const autoindex = (dir: string): string =>
  `<html>\r\n<head><title>Index of ${dir}</title></head>\r\n<body>\r\n<h1>Index of ${dir}</h1><hr><pre><a href="../">../</a>\r\n` +
  '<a href="assets/">assets/</a>                                            27-Nov-2026 09:12                   -\r\n' +
  '<a href="index.html">index.html</a>                                         27-Nov-2026 09:12                2041\r\n' +
  '</pre><hr></body>\r\n</html>\r\n';

/** Variation unknown-paths-spa-shell: the single-page application's index, given for every address it does not know. */
const SPA_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payments</title>' +
  '<script type="module" src="/assets/index-4f2a9c.js"></script></head>' +
  '<body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body></html>';

/** Variation dot-paths-403: nginx's `location ~ /\. { deny all; }`. */
const FORBIDDEN = '<html>\r\n<head><title>403 Forbidden</title></head>\r\n<body>\r\n<center><h1>403 Forbidden</h1></center>\r\n</body>\r\n</html>\r\n';

/** Variation openapi-published: the operations' OpenAPI document, published on purpose. */
function openapi(ctx: Ctx): string {
  const op = (summary: string) => ({ post: { summary, responses: { '200': { description: 'Accepted' } } } });
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Payment Transfer Service', version: '1.0.0' },
    paths: {
      [ctx.profile.paths.invoice]: op('Invoice payment'),
      [ctx.profile.paths.account2card]: op('Account to card payment'),
      [ctx.profile.paths.upload]: op('Vehicle file upload'),
    },
  });
}

/**
 * Answers a request for a path that neither the operations nor the pages serve, when a fault or a variation
 * serves it; false leaves it to the 404.
 */
export function answeredBeside(req: IncomingMessage, res: ServerResponse, ctx: Ctx, path: string): boolean {
  const { faults, variations, out } = ctx;
  const html = (status: number, text: string) => (sendHtml(res, out, status, text), true);
  const file = (type: string, text: string) => (sendText(res, out, 200, type, text), true);
  if (variations.has('dot-paths-403') && path.split('/').some((s) => s.startsWith('.'))) return html(403, FORBIDDEN);
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const git = faults.has('git-directory-served') ? GIT_FILES[path] : undefined;
  if (git !== undefined) return file(TEXT_TYPE, git);
  if (faults.has('env-file-served') && path === '/.env') return file(TEXT_TYPE, ENV_FILE);
  if (faults.has('page-directory-autoindex') && (path === '/pay/' || path === '/go/')) return html(200, autoindex(path));
  if (variations.has('openapi-published') && path === '/openapi.json') return file(JSON_TYPE, openapi(ctx));
  if (variations.has('unknown-paths-spa-shell')) return html(200, SPA_SHELL);
  return false;
}

/** Variation api-v2-same-checks: /api/v2/ serves every operation of /api/v1/, with every check. */
export function siblingVersionPath(path: string, ctx: Ctx): string {
  return ctx.variations.has('api-v2-same-checks') && path.startsWith('/api/v2/') ? '/api/v1/' + path.slice('/api/v2/'.length) : path;
}

/** Fault api-v0-skips-signature: the invoice of a version from before the signature, still routed. */
export function isStaleInvoicePath(path: string, ctx: Ctx): boolean {
  return ctx.faults.has('api-v0-skips-signature') && path === ctx.profile.paths.invoice.replace(/^\/api\/v1\//, '/api/v0/');
}
