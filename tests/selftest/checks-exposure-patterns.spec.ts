// How the exposure probe recognises what a deployment left reachable: by content, never by a 200 alone. Each
// recogniser takes the real thing (as Git, Subversion, Mercurial, nginx, Apache, Spring, Prometheus write it) and
// refuses what correct providers answer in its place: a JSON 404, nginx's 403 page, a single-page application's
// shell, a "not found" page that repeats the address.
import { test, expect } from '@playwright/test';
import {
  actuatorEnv,
  configFile,
  directoryListing,
  docsOrMonitoring,
  envFile,
  normalisedBody,
  repositoryContent,
} from '../../suite/checks/exposure-patterns.js';
import { parentDirectories } from '../../suite/checks/deployment-exposure.js';

/** What correct providers answer for an address they do not serve. */
const NOT_THERE = [
  '{"message":"Not found"}',
  '<html>\r\n<head><title>403 Forbidden</title></head>\r\n<body>\r\n<center><h1>403 Forbidden</h1></center>\r\n</body>\r\n</html>\r\n',
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payments</title><script type="module" src="/assets/index-4f2a9c.js"></script></head><body><div id="root"></div></body></html>',
  '<!DOCTYPE html><html><body><h1>Not Found</h1><p>The requested URL /.git/HEAD was not found on this server (ref: refs/heads/main?).</p></body></html>',
  '',
];

test('repository metadata: Git HEAD and config, Subversion entries, Mercurial requires; nothing else', () => {
  expect(repositoryContent('/.git/HEAD', 'ref: refs/heads/main\n')).toBeDefined();
  expect(repositoryContent('/pay/.git/HEAD', 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3\n')).toBeDefined();
  expect(repositoryContent('/.git/config', '[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote "origin"]\n\turl = git@x:y.git\n')).toBeDefined();
  expect(repositoryContent('/.svn/entries', '12\n')).toBeDefined();
  expect(repositoryContent('/.svn/entries', '10\n\ndir\n1234\nhttps://svn.example/repo\n')).toBeDefined();
  expect(repositoryContent('/.hg/requires', 'dotencode\nfncache\ngeneraldelta\nrevlogv1\nstore\n')).toBeDefined();
  for (const path of ['/.git/HEAD', '/.git/config', '/.svn/entries', '/.hg/requires'])
    for (const text of NOT_THERE) expect(repositoryContent(path, text), `${path}: ${text.slice(0, 40)}`).toBeUndefined();
  // The file recognised is the one asked for: a HEAD's text at another address is not taken for it.
  expect(repositoryContent('/.hg/requires', 'ref: refs/heads/main\n')).toBeUndefined();
});

test('directory listings: Apache and nginx "Index of", Python, IIS, Tomcat, serve-index, nginx JSON; not an HTML page that names a directory', () => {
  for (const text of [
    '<html><head><title>Index of /pay/</title></head><body><h1>Index of /pay/</h1><pre><a href="../">../</a></pre></body></html>',
    '<!DOCTYPE HTML><html><head><title>Directory listing for /</title></head><body><h1>Directory listing for /</h1></body></html>',
    '<html><head><title>host - /</title></head><body><H1>host - /</H1><hr><pre><A HREF="/">[To Parent Directory]</A></pre></body></html>',
    '<html><head><title>Directory Listing For [/]</title></head></html>',
    '<!DOCTYPE html><html><head><title>listing directory /assets/</title></head></html>',
    '[{ "name":"index.html", "type":"file", "mtime":"Fri, 27 Nov 2026 09:12:00 GMT", "size":2041 }]',
  ])
    expect(directoryListing(text), text.slice(0, 60)).toBeDefined();
  for (const text of [...NOT_THERE, '<html><body><p>The index of payments is at /pay/</p></body></html>', '[]', '[{"name":"x"}]'])
    expect(directoryListing(text), text.slice(0, 60)).toBeUndefined();
});

test('environment files: KEY=value lines; secrets by name or by a password in an address, not masked or placeholder values', () => {
  expect(envFile('APP_ENV=production\nDATABASE_URL=postgres://u:p4ss@db/x\nJWT_SECRET=abcdef123\n')?.secrets).toEqual(['DATABASE_URL', 'JWT_SECRET']);
  expect(envFile('# settings\nexport APP_ENV=production\nLOG_LEVEL=info\n')).toEqual({ variables: 2, secrets: [] });
  expect(envFile('API_KEY=\nDB_PASSWORD=changeme\nTOKEN=****\nSECRET=${SECRET}\n')?.secrets).toEqual([]);
  for (const text of [...NOT_THERE, 'just one=line', 'Hello world\nThis is text\nwith a=b inside\n']) expect(envFile(text), text.slice(0, 40)).toBeUndefined();
  const env = (properties: Record<string, string>) =>
    JSON.stringify({
      activeProfiles: [],
      propertySources: [{ name: 'systemEnvironment', properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, { value: v }])) }],
    });
  expect(actuatorEnv(env({ 'spring.datasource.password': 's3cret!!', 'server.port': '8080' }))?.secrets).toEqual(['spring.datasource.password']);
  expect(actuatorEnv(env({ 'spring.datasource.password': '******' }))?.secrets).toEqual([]);
  expect(actuatorEnv('{"message":"Not found"}')).toBeUndefined();
});

test('documentation and monitoring: OpenAPI, Swagger UI, actuator, Prometheus, debuggers, server-status; nothing of what correct providers answer', () => {
  for (const text of [
    '{"openapi":"3.1.0","info":{"title":"x","version":"1"},"paths":{}}',
    '{"swagger":"2.0","info":{"title":"x"},"paths":{}}',
    '<html><body><div id="swagger-ui"></div><script src="./swagger-ui-bundle.js"></script></body></html>',
    '{"_links":{"self":{"href":"http://h/actuator","templated":false},"health":{"href":"http://h/actuator/health"}}}',
    '# HELP http_requests_total The total number of HTTP requests.\n# TYPE http_requests_total counter\nhttp_requests_total{code="200"} 1027\n',
    '{"cmdline":["/app"],"memstats":{"Alloc":1}}',
    '<html><head><title>Apache Status</title></head><body><h1>Apache Server Status for h</h1></body></html>',
    'Active connections: 2 \nserver accepts handled requests\n 10 10 20 \nReading: 0 Writing: 1 Waiting: 1 \n',
  ])
    expect(docsOrMonitoring(text), text.slice(0, 60)).toBeDefined();
  for (const text of [...NOT_THERE, '{"openapi":"see our docs"}', '{"status":"UP"}']) expect(docsOrMonitoring(text), text.slice(0, 60)).toBeUndefined();
});

test('configuration files by the name asked for: package.json, web.config', () => {
  expect(configFile('/package.json', '{"name":"pts-gateway","version":"2.4.0","dependencies":{"express":"4.21.0"}}')).toBeDefined();
  expect(configFile('/web.config', '<?xml version="1.0"?><configuration><system.webServer><handlers/></system.webServer></configuration>')).toBeDefined();
  for (const text of NOT_THERE) for (const path of ['/package.json', '/web.config']) expect(configFile(path, text)).toBeUndefined();
});

test('a soft 404 reads the same for two names once the name and the numbers are taken out', () => {
  const page = (path: string, id: string) => `<html><body>No page at ${path} (request ${id})</body></html>`;
  expect(normalisedBody(page('/pay/t.bak', 'a1b2c3'), '/pay/t.bak')).toBe(normalisedBody(page('/pay/t.pts-99', '77f0e1'), '/pay/t.pts-99'));
  expect(normalisedBody('<html>old copy of the page</html>', '/pay/t.bak')).not.toBe(normalisedBody(page('/pay/t.pts-99', '77f0e1'), '/pay/t.pts-99'));
});

test('the directories of a path, the nearest first', () => {
  expect(parentDirectories('/pay/abc')).toEqual(['/pay/', '/']);
  expect(parentDirectories('/api/v1/payments/status')).toEqual(['/api/v1/payments/', '/api/v1/', '/api/', '/']);
  expect(parentDirectories('/x')).toEqual(['/']);
});
