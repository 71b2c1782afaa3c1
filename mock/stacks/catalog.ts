/**
 * The panel: correct providers built on the stacks real providers use. Each keeps to the interface document and the
 * default profile wherever they speak (405 on an operation's path, 422 and 400 bodies, {message} errors), and does
 * what its stack does by default wherever they are silent: request Content-Encoding, method tokens the parser
 * refuses, OPTIONS, a trailing slash, pages outside the API, keep-alive, header case, the JSON Content-Type, the
 * redirect after a form post, body limits, Expect: 100-continue, the headers every answer carries. Every behaviour
 * cites the stack's own documentation or source (`sources`). A variation `stack-<name>` of the catalog switches one
 * on; the variation matrix requires every check to pass against each (a failure is the check's false alarm).
 */

/** What one stack does where the document and the default profile are silent. */
export interface StackBehaviour {
  /** A request body's Content-Encoding: decoded (gzip, deflate; another coding refused 415), ignored (read raw), or refused 415. */
  readonly coding: 'decode' | 'ignore' | 'refuse';
  /**
   * A method token Node's parser refuses (FOO, lower-case post): the bare 400 Node writes; a JSON 400; the 405 of the
   * operation's path (a server that takes any token and routes it); that 405 for upper-case tokens and an HTML 400 for
   * a lower-case one (nginx, gunicorn); a gateway's 403 HTML for a method it does not forward.
   */
  readonly unknownMethod: 'bare-400' | 'json-400' | 'method-not-allowed' | 'method-not-allowed-lower-400' | 'gateway-403';
  /** OPTIONS on an operation's path: the profile's 405, or a 200 whose Allow lists what the path takes. */
  readonly options: 'method-not-allowed' | { readonly allow: string; readonly body?: string };
  /** An operation's path with a trailing slash: the same operation, or a path of its own (not found). */
  readonly trailingSlash: 'same' | 'not-found';
  /** What a path outside the API and the pages gets (the stack's own page; `json` when Accept asks for JSON). */
  readonly notFound: (method: string, path: string, json: boolean) => { status: number; type?: string; body: string; headers?: Record<string, string> };
  /** Idle keep-alive: closed after `idleMs` (announced in a Keep-Alive header or not), or never; every answer closing it. */
  readonly connection: {
    readonly idleMs?: number;
    readonly announced: boolean;
    readonly maxRequests?: number;
    readonly closeEvery?: boolean;
    readonly closeAfter?: readonly number[];
  };
  /** How header names go out: lower case, or canonical (Content-Type); the reference provider writes lower case. */
  readonly headerCase: 'lower' | 'canonical';
  /** Headers every answer carries (Server, X-Powered-By, a gateway's request ids). */
  readonly headers: () => Record<string, string>;
  /** The Content-Type of JSON answers. */
  readonly jsonType: string;
  /** JSON answers sent chunked, with no Content-Length. */
  readonly chunkedAnswers: boolean;
  /** The redirect a press is answered with, to a result page of its own (Post/Redirect/Get). */
  readonly pressRedirect?: 302 | 303;
  /** The largest JSON body taken; a larger one gets `status` ({message}). */
  readonly jsonLimit?: { readonly bytes: number; readonly status: 400 | 413 };
  /** When `100 Continue` goes out for `Expect: 100-continue`: at once (before the handler), or when the body is first read. */
  readonly expectContinue: 'at-once' | 'on-read';
  /** A request body sent chunked, with no Content-Length, is read as empty (WSGI under gunicorn). */
  readonly chunkedBodyEmpty?: boolean;
}

/** Where a behaviour is stated: the stack's documentation (an address) or source (`owner/repo:path`), and its words. */
export interface Source {
  readonly what: string;
  readonly where: string;
  readonly quote: string;
}

interface StackDefinition {
  /** The variation `stack-<name>`. */
  readonly name: string;
  readonly label: string;
  readonly behaviour: StackBehaviour;
  readonly sources: readonly Source[];
}

import { randomUUID } from 'node:crypto';

const html = (title: string, body: string) => `<!DOCTYPE html><html><head><title>${title}</title></head><body>${body}</body></html>`;
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export const STACKS: readonly StackDefinition[] = [
  {
    name: 'express',
    label: 'Express 5 with body-parser, on Node.js',
    behaviour: {
      coding: 'decode',
      unknownMethod: 'bare-400',
      options: { allow: 'POST', body: 'POST' },
      trailingSlash: 'same',
      notFound: (method, path) => ({
        status: 404,
        type: 'text/html; charset=utf-8',
        body: html('Error', `<pre>Cannot ${method} ${escape(path)}</pre>`),
        headers: { 'Content-Security-Policy': "default-src 'none'", 'X-Content-Type-Options': 'nosniff' },
      }),
      connection: { idleMs: 5000, announced: true },
      headerCase: 'canonical',
      headers: () => ({ 'X-Powered-By': 'Express' }),
      jsonType: 'application/json; charset=utf-8',
      chunkedAnswers: false,
      pressRedirect: 302,
      jsonLimit: { bytes: 100 * 1024, status: 413 },
      expectContinue: 'at-once',
    },
    sources: [
      {
        what: 'gzip decoded',
        where: 'expressjs/body-parser:lib/read.js (v2.2.0, createDecompressionStream)',
        quote: "case 'gzip': … return zlib.createGunzip()",
      },
      {
        what: 'another coding refused 415',
        where: 'expressjs/body-parser:lib/read.js (v2.2.0)',
        quote: `throw createError(415, 'unsupported content encoding "' + encoding + '"'`,
      },
      {
        what: 'an unknown method refused by the parser, the connection closed',
        where: 'nodejs/llhttp:src/llhttp/http.ts; nodejs/node:lib/_http_server.js',
        quote: "`HTTP/1.1 400 ${STATUS_CODES[400]}\\r\\n` + 'Connection: close\\r\\n\\r\\n'",
      },
      {
        what: 'OPTIONS answered with Allow',
        where: 'pillarjs/router:index.js (v2.2.0, sendOptionsResponse)',
        quote: "res.setHeader('Allow', allow) … res.end(allow)",
      },
      {
        what: 'a trailing slash routed as without',
        where: 'https://expressjs.com/en/5x/api.html (strict routing)',
        quote: 'Otherwise, the router treats "/foo" and "/foo/" as the same.',
      },
      { what: 'the 404 page', where: 'pillarjs/finalhandler:index.js (v2.1.0)', quote: "msg = 'Cannot ' + req.method + ' ' + encodeUrl(...)" },
      { what: 'keep-alive 5 s, announced', where: 'https://nodejs.org/api/http.html#serverkeepalivetimeout', quote: 'Default: 5000 (5 seconds).' },
      { what: 'X-Powered-By', where: 'expressjs/express:lib/application.js (v5.1.0)', quote: "this.enable('x-powered-by')" },
      { what: 'JSON with charset', where: 'expressjs/express:lib/response.js (v5.1.0)', quote: "this.set('Content-Type', setCharset(type, 'utf-8'))" },
      { what: 'redirect 302', where: 'https://expressjs.com/en/5x/api.html#res.redirect', quote: 'If not specified, status defaults to 302 "Found".' },
      { what: 'a JSON body over 100 kB refused 413', where: 'expressjs/body-parser:README.md (v2.2.0)', quote: "Defaults to '100kb'." },
      {
        what: '100 Continue at once',
        where: 'https://nodejs.org/api/http.html#event-checkcontinue',
        quote: 'If this event is not listened for, the server will automatically respond with a 100 Continue as appropriate.',
      },
    ],
  },
  {
    name: 'fastify',
    label: 'Fastify 5, on Node.js',
    behaviour: {
      coding: 'ignore',
      unknownMethod: 'json-400',
      options: 'method-not-allowed',
      trailingSlash: 'not-found',
      notFound: (method, path) => ({
        status: 404,
        type: 'application/json; charset=utf-8',
        body: JSON.stringify({ message: `Route ${method}:${path} not found`, error: 'Not Found', statusCode: 404 }),
      }),
      connection: { idleMs: 72_000, announced: true },
      headerCase: 'lower',
      headers: () => ({}),
      jsonType: 'application/json; charset=utf-8',
      chunkedAnswers: false,
      pressRedirect: 302,
      jsonLimit: { bytes: 1024 * 1024, status: 413 },
      expectContinue: 'at-once',
    },
    sources: [
      {
        what: 'Content-Encoding not read: the bytes parsed as they come',
        where: 'fastify/fastify:lib/content-type-parser.js (v5.12.1)',
        quote: "payload.setEncoding('utf8')",
      },
      {
        what: 'an unknown method: a JSON 400, the socket destroyed',
        where: 'fastify/fastify:fastify.js (v5.12.1, defaultClientErrorHandler)',
        quote: '`{"error":"${errorStatus}","message":"Client Error","statusCode":400}`',
      },
      {
        what: 'a trailing slash is another path',
        where: 'fastify/fastify:docs/Reference/Server.md (ignoreTrailingSlash)',
        quote: 'Paths like /foo and /foo/ are treated as different paths.',
      },
      { what: 'the 404 body', where: 'fastify/fastify:lib/four-oh-four.js (v5.12.1, basic404)', quote: 'message: `Route ${method}:${url} not found`' },
      { what: 'keep-alive 72 s', where: 'fastify/fastify:build/build-validation.js (v5.12.1)', quote: 'keepAliveTimeout: 72000, // 72 seconds' },
      {
        what: 'header names in lower case',
        where: 'fastify/fastify:lib/reply.js (v5.12.1)',
        quote: "Reply.prototype.header = function (key, value = '') { key = key.toLowerCase()",
      },
      { what: 'JSON with charset', where: 'fastify/fastify:lib/reply.js (v5.12.1)', quote: "JSON: 'application/json; charset=utf-8'," },
      { what: 'a body over 1 MiB refused 413', where: 'fastify/fastify:build/build-validation.js (v5.12.1)', quote: 'bodyLimit: 1024 * 1024, // 1 MiB' },
    ],
  },
  {
    name: 'spring-tomcat',
    label: 'Spring Boot 3 (Spring MVC, Jackson) on embedded Tomcat 10.1',
    behaviour: {
      coding: 'ignore',
      unknownMethod: 'method-not-allowed',
      options: { allow: 'POST,OPTIONS' },
      trailingSlash: 'not-found',
      notFound: (_method, path) => ({
        status: 404,
        type: 'application/json',
        body: JSON.stringify({ timestamp: new Date().toISOString(), status: 404, error: 'Not Found', path }),
      }),
      connection: { idleMs: 60_000, announced: false, maxRequests: 100, closeAfter: [400, 408, 411, 413, 414, 500, 501, 503] },
      headerCase: 'canonical',
      headers: () => ({}),
      jsonType: 'application/json',
      chunkedAnswers: true,
      pressRedirect: 302,
      expectContinue: 'at-once',
    },
    sources: [
      {
        what: 'Content-Encoding of a request not read',
        where: 'https://github.com/spring-projects/spring-boot/issues/11827',
        quote: "Tomcat doesn't support it, AFAIK",
      },
      {
        what: 'any method token taken, routed to Spring, 405 with Allow',
        where: 'spring-projects/spring-framework:…/mvc/method/RequestMappingInfoHandlerMapping.java (6.2.x)',
        quote: 'throw new HttpRequestMethodNotSupportedException(request.getMethod(), methods);',
      },
      {
        what: 'OPTIONS answered 200 with Allow',
        where: 'spring-projects/spring-framework:…/RequestMappingInfoHandlerMapping.java (6.2.x, HttpOptionsHandler)',
        quote: 'this.headers.setAllow(initAllowedHttpMethods(declaredMethods))',
      },
      {
        what: 'no trailing slash match',
        where: 'spring-projects/spring-framework:…/RequestMappingHandlerMapping.java (6.2.x)',
        quote: 'private boolean useTrailingSlashMatch = false;',
      },
      {
        what: 'the /error JSON of a 404',
        where: 'https://docs.spring.io/spring-boot/reference/web/servlet.html#web.servlet.spring-mvc.error-handling',
        quote: 'For machine clients, it produces a JSON response with details of the error, the HTTP status, and the exception message.',
      },
      {
        what: 'keep-alive 60 s, 100 requests a connection',
        where: 'apache/tomcat:java/org/apache/tomcat/util/net/AbstractEndpoint.java (10.1.x)',
        quote: 'maxKeepAliveRequests = 100; // as in Apache HTTPD server',
      },
      {
        what: 'the connection closed after an error status',
        where: 'apache/tomcat:java/org/apache/coyote/http11/Http11Processor.java (10.1.x, statusDropsConnection)',
        quote: 'if (keepAlive && statusDropsConnection(statusCode)) keepAlive = false;',
      },
      {
        what: 'JSON without charset',
        where: 'spring-projects/spring-framework:…/MappingJackson2HttpMessageConverter.java',
        quote: 'super(objectMapper, MediaType.APPLICATION_JSON, new MediaType("application", "*+json"))',
      },
      { what: 'redirect 302', where: 'spring-projects/spring-framework:…/servlet/view/RedirectView.java', quote: 'http10Compatible = true' },
      {
        what: 'no Server header',
        where: 'https://tomcat.apache.org/tomcat-10.1-doc/config/http.html (server)',
        quote: 'If the application does not specify a value then no Server header is set.',
      },
    ],
  },
  {
    name: 'laravel-nginx',
    label: 'Laravel 11 on PHP-FPM behind nginx',
    behaviour: {
      coding: 'ignore',
      unknownMethod: 'method-not-allowed-lower-400',
      options: { allow: 'POST' },
      trailingSlash: 'same',
      notFound: (_method, path, json) =>
        json
          ? { status: 404, type: 'application/json', body: JSON.stringify({ message: `The route ${path.replace(/^\//, '')} could not be found.` }) }
          : { status: 404, type: 'text/html; charset=UTF-8', body: html('Not Found', '<div>404 | Not Found</div>') },
      connection: { idleMs: 65_000, announced: false },
      headerCase: 'canonical',
      headers: () => ({ Server: 'nginx/1.24.0', 'X-Powered-By': 'PHP/8.3.6', 'Cache-Control': 'no-cache, private' }),
      jsonType: 'application/json',
      chunkedAnswers: true,
      pressRedirect: 302,
      expectContinue: 'at-once',
    },
    sources: [
      {
        what: 'Content-Encoding of a request not decoded',
        where: 'https://nginx.org/en/docs/http/ngx_http_gunzip_module.html',
        quote: 'is a filter that decompresses responses with "Content-Encoding: gzip"',
      },
      {
        what: 'an upper-case unknown method reaches Laravel: 405 Allow POST',
        where: 'laravel/framework:src/Illuminate/Routing/AbstractRouteCollection.php (11.x)',
        quote: 'throw new MethodNotAllowedHttpException(',
      },
      {
        what: 'a lower-case method refused by nginx',
        where: 'nginx/nginx:src/http/ngx_http_parse.c',
        quote: "if ((ch < 'A' || ch > 'Z') && ch != '_' && ch != '-') { return NGX_HTTP_PARSE_INVALID_METHOD; }",
      },
      {
        what: 'OPTIONS answered 200 with Allow',
        where: 'laravel/framework:src/Illuminate/Routing/AbstractRouteCollection.php (11.x)',
        quote: "return new Response('', 200, ['Allow' => implode(',', $methods)]);",
      },
      {
        what: 'a trailing slash handed to index.php',
        where: 'https://laravel.com/docs/11.x/deployment#nginx',
        quote: 'try_files $uri $uri/ /index.php?$query_string;',
      },
      {
        what: 'keep-alive 65 s, not announced',
        where: 'nginx/nginx:conf/nginx.conf; https://nginx.org/en/docs/http/ngx_http_core_module.html#keepalive_timeout',
        quote: 'The optional second parameter sets a value in the "Keep-Alive: timeout=time" response header field.',
      },
      {
        what: 'Server with the version',
        where: 'https://nginx.org/en/docs/http/ngx_http_core_module.html#server_tokens',
        quote: 'Enables or disables emitting nginx version on error pages and in the "Server" response header field.',
      },
      {
        what: 'X-Powered-By',
        where: 'php/doc-en:appendices/ini.core.xml (expose_php)',
        quote: 'Exposes to the world that PHP is installed on the server, which includes the PHP version within the HTTP header',
      },
      { what: 'answers chunked', where: 'nginx/nginx:src/http/modules/ngx_http_chunked_filter_module.c', quote: 'r->chunked = 1;' },
      {
        what: '100 Continue sent by nginx',
        where: 'nginx/nginx:src/http/ngx_http_request_body.c (ngx_http_test_expect)',
        quote: '(u_char *) "HTTP/1.1 100 Continue" CRLF CRLF',
      },
    ],
  },
  {
    name: 'aspnet-kestrel',
    label: 'ASP.NET Core (minimal APIs, System.Text.Json) on Kestrel',
    behaviour: {
      coding: 'ignore',
      unknownMethod: 'method-not-allowed',
      options: 'method-not-allowed',
      trailingSlash: 'same',
      notFound: () => ({ status: 404, body: '' }),
      connection: { idleMs: 130_000, announced: false },
      headerCase: 'canonical',
      headers: () => ({ Server: 'Kestrel' }),
      jsonType: 'application/json; charset=utf-8',
      chunkedAnswers: true,
      pressRedirect: 302,
      jsonLimit: { bytes: 30_000_000, status: 413 },
      expectContinue: 'on-read',
    },
    sources: [
      {
        what: 'Content-Encoding read only with the opt-in middleware',
        where: 'https://learn.microsoft.com/aspnet/core/fundamentals/middleware/request-decompression',
        quote: 'a request with an unsupported Content-Encoding header value … is passed to the next delegate in the pipeline',
      },
      {
        what: 'any method token taken; routing answers 405',
        where: 'dotnet/aspnetcore:src/Servers/Kestrel/Core/src/Internal/Http/HttpParser.cs',
        quote: 'if (method == HttpMethod.Custom) { methodEnd = GetUnknownMethodLength(requestLine); }',
      },
      {
        what: 'the 404 body empty',
        where: 'https://learn.microsoft.com/aspnet/core/fundamentals/error-handling#usestatuscodepages',
        quote: "By default, an ASP.NET Core app doesn't provide a status code page for HTTP error status codes, such as 404 - Not Found.",
      },
      {
        what: 'keep-alive 130 s',
        where: 'dotnet/aspnetcore:src/Servers/Kestrel/Core/src/KestrelServerLimits.cs',
        quote: 'private TimeSpan _keepAliveTimeout = TimeSpan.FromSeconds(130);',
      },
      {
        what: 'Server: Kestrel',
        where: 'dotnet/aspnetcore:src/Servers/Kestrel/Core/src/Internal/Http/HttpProtocol.cs (CreateResponseHeaders)',
        quote: 'if (ServerOptions.AddServerHeader && !responseHeaders.HasServer) { responseHeaders.SetRawServer(Constants.ServerName, _bytesServer); }',
      },
      {
        what: 'a body over 30 000 000 bytes refused 413',
        where: 'dotnet/aspnetcore:src/Servers/Kestrel/Core/src/KestrelServerLimits.cs',
        quote: 'Defaults to 30,000,000 bytes, which is approximately 28.6MB',
      },
      {
        what: 'JSON answers chunked, with charset',
        where: 'dotnet/aspnetcore:src/Http/Http.Extensions/src/HttpResponseJsonExtensions.cs',
        quote: 'The response content-type will be set to application/json; charset=utf-8',
      },
      {
        what: 'redirect 302',
        where: 'https://learn.microsoft.com/dotnet/api/microsoft.aspnetcore.http.results.redirect',
        quote: 'Otherwise, configures Status302Found.',
      },
      {
        what: '100 Continue when the body is read',
        where: 'dotnet/aspnetcore:src/Servers/Kestrel/Core/src/Internal/Http/MessageBody.cs',
        quote: 'if (_send100Continue) { _send100Continue = false; return _context.HttpResponseControl.ProduceContinueAsync(); }',
      },
    ],
  },
  {
    name: 'go-net-http',
    label: "Go's net/http (Go 1.22 ServeMux with method patterns)",
    behaviour: {
      coding: 'ignore',
      unknownMethod: 'method-not-allowed',
      options: 'method-not-allowed',
      trailingSlash: 'not-found',
      notFound: () => ({ status: 404, type: 'text/plain; charset=utf-8', body: '404 page not found\n', headers: { 'X-Content-Type-Options': 'nosniff' } }),
      connection: { announced: false },
      headerCase: 'canonical',
      headers: () => ({}),
      jsonType: 'application/json',
      chunkedAnswers: false,
      pressRedirect: 303,
      expectContinue: 'on-read',
    },
    sources: [
      {
        what: 'any method token taken',
        where: 'golang/go:src/net/http/request.go (validMethod)',
        quote: 'return len(method) > 0 && strings.IndexFunc(method, isNotToken) == -1',
      },
      {
        what: 'a method the pattern does not take: 405 with Allow',
        where: 'golang/go:src/net/http/server.go (ServeMux.findHandler)',
        quote: 'w.Header().Set("Allow", strings.Join(allowedMethods, ", ")); Error(w, StatusText(StatusMethodNotAllowed), StatusMethodNotAllowed)',
      },
      { what: 'the 404 page', where: 'golang/go:src/net/http/server.go (NotFound)', quote: 'Error(w, "404 page not found", StatusNotFound)' },
      {
        what: 'no idle timeout unless set, never announced',
        where: 'golang/go:src/net/http/server.go (Server.IdleTimeout)',
        quote: 'If zero, the value of ReadTimeout is used. If negative, or if zero and ReadTimeout is zero or negative, there is no timeout.',
      },
      {
        what: 'header names canonical',
        where: 'golang/go:src/net/http/header.go (Header.Set)',
        quote: 'it is canonicalized by textproto.CanonicalMIMEHeaderKey',
      },
      {
        what: 'the redirect status the handler passes (303 after a POST)',
        where: 'golang/go:src/net/http/server.go (Redirect)',
        quote: 'The provided code should be in the 3xx range and is usually StatusMovedPermanently, StatusFound or StatusSeeOther.',
      },
      {
        what: '100 Continue when the handler reads the body',
        where: 'golang/go:src/net/http/server.go (ResponseWriter.WriteHeader)',
        quote:
          'The server will automatically send a 100 (Continue) header on the first read from the request body if the request has an "Expect: 100-continue" header.',
      },
    ],
  },
  {
    name: 'django-gunicorn',
    label: 'Django 5 behind gunicorn 23 (sync workers)',
    behaviour: {
      coding: 'ignore',
      unknownMethod: 'method-not-allowed-lower-400',
      options: 'method-not-allowed',
      trailingSlash: 'not-found',
      notFound: () => ({
        status: 404,
        type: 'text/html; charset=utf-8',
        body: '<h1>Not Found</h1><p>The requested resource was not found on this server.</p>',
      }),
      connection: { announced: false, closeEvery: true },
      headerCase: 'canonical',
      headers: () => ({
        Server: 'gunicorn',
        'X-Frame-Options': 'DENY',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'same-origin',
        'Cross-Origin-Opener-Policy': 'same-origin',
      }),
      jsonType: 'application/json',
      chunkedAnswers: false,
      pressRedirect: 302,
      jsonLimit: { bytes: 2_621_440, status: 400 },
      expectContinue: 'at-once',
      chunkedBodyEmpty: true,
    },
    sources: [
      {
        what: 'Content-Encoding of a request not read',
        where: 'benoitc/gunicorn:gunicorn/http/wsgi.py (23.0.0)',
        quote: "key = 'HTTP_' + hdr_name.replace('-', '_')",
      },
      {
        what: 'a lower-case method refused by gunicorn',
        where: 'benoitc/gunicorn:gunicorn/http/message.py (23.0.0)',
        quote: 'METHOD_BADCHAR_RE = re.compile("[a-z#]")',
      },
      {
        what: 'an upper-case method reaches the view: 405 with Allow',
        where: 'django/django:django/http/response.py (HttpResponseNotAllowed)',
        quote: 'self["Allow"] = ", ".join(permitted_methods)',
      },
      { what: 'the 404 page', where: 'django/django:django/views/defaults.py', quote: '"details": "The requested resource was not found on this server.",' },
      { what: 'every connection closed (sync workers)', where: 'benoitc/gunicorn:gunicorn/workers/sync.py (23.0.0)', quote: 'resp.force_close()' },
      { what: 'Server: gunicorn', where: 'benoitc/gunicorn:gunicorn/__init__.py (23.0.0)', quote: 'SERVER = "gunicorn"' },
      { what: 'security headers on every answer', where: 'django/django:django/conf/global_settings.py', quote: 'X_FRAME_OPTIONS = "DENY"' },
      {
        what: 'JSON without charset',
        where: 'django/django:django/http/response.py (JsonResponse)',
        quote: 'kwargs.setdefault("content_type", "application/json")',
      },
      { what: 'redirect 302', where: 'django/django:django/http/response.py (HttpResponseRedirect)', quote: 'status_code = 302' },
      {
        what: 'a body over 2.5 MB refused 400',
        where: 'django/django:django/conf/global_settings.py',
        quote: 'DATA_UPLOAD_MAX_MEMORY_SIZE = 2621440  # i.e. 2.5 MB',
      },
      {
        what: 'a chunked request body read as empty',
        where: 'django/django:django/core/handlers/wsgi.py',
        quote: 'except (ValueError, TypeError): content_length = 0',
      },
      { what: '100 Continue at once', where: 'benoitc/gunicorn:gunicorn/http/wsgi.py (23.0.0)', quote: 'sock.send(b"HTTP/1.1 100 Continue\r\n\r\n")' },
    ],
  },
  {
    name: 'api-gateway',
    label: 'A provider behind Amazon API Gateway (REST, edge-optimized: CloudFront in front)',
    behaviour: {
      coding: 'decode',
      unknownMethod: 'gateway-403',
      options: 'method-not-allowed',
      trailingSlash: 'not-found',
      notFound: () => ({
        status: 403,
        type: 'application/json',
        body: JSON.stringify({ message: 'Missing Authentication Token' }),
        headers: { 'x-amzn-ErrorType': 'MissingAuthenticationTokenException' },
      }),
      connection: { idleMs: 5000, announced: false },
      headerCase: 'lower',
      headers: () => ({
        'x-amzn-RequestId': randomUUID(),
        'x-amz-apigw-id': Math.random().toString(36).slice(2, 18),
        Via: '1.1 0f2c2a6d3c1b.cloudfront.net (CloudFront)',
        'X-Cache': 'Miss from cloudfront',
        'X-Amz-Cf-Pop': 'FRA56-P1',
        'X-Amz-Cf-Id': Math.random().toString(36).slice(2),
      }),
      jsonType: 'application/json',
      chunkedAnswers: false,
      expectContinue: 'at-once',
    },
    sources: [
      {
        what: 'gzip and deflate bodies decoded, another coding refused 415',
        where: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-make-request-with-compressed-payload.html',
        quote:
          "If the specified coding isn't supported or the supplied payload isn't compressed with specified coding, API Gateway returns the 415 Unsupported Media Type error response.",
      },
      {
        what: 'a method CloudFront does not forward refused 403',
        where: 'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/RequestAndResponseBehaviorCustomOrigin.html',
        quote: 'CloudFront accepts the following requests from viewers and forwards them to your custom origin: DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT',
      },
      {
        what: 'an unknown path: 403 Missing Authentication Token',
        where: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-gatewayResponse-definition.html',
        quote:
          'if you attempt to call an operation on an undefined API resource, you receive an error response with the { "message": "Missing Authentication Token" } message',
      },
      {
        what: 'request ids in every answer',
        where: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/set-up-logging.html',
        quote: 'API Gateway returns this request ID in the x-amzn-RequestId response header.',
      },
      {
        what: "CloudFront's headers",
        where: 'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/RequestAndResponseBehaviorCustomOrigin.html',
        quote: 'X-Amz-Cf-Id | CloudFront adds the header to the viewer request',
      },
      {
        what: 'keep-alive 5 s',
        where: 'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/distribution-web-values-specify.html',
        quote: 'The default timeout is 5 seconds.',
      },
    ],
  },
];

/** The variation name of a stack. */
export const stackVariation = (name: string) => `stack-${name}`;

/** The stack a provider's variations switch on, if any (at most one: a provider is built on one stack). */
export function stackOf(variations: readonly string[]): StackBehaviour | undefined {
  const chosen = STACKS.filter((s) => variations.includes(stackVariation(s.name)));
  if (chosen.length > 1) throw new Error(`startProvider: one stack at a time, not ${chosen.map((s) => s.name).join(' and ')}`);
  return chosen[0]?.behaviour;
}
