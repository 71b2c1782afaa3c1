// How an answer shows what a deployment left reachable, recognised by its content, never by its status alone: a
// 200 with an HTML "not found" page or a single-page application's shell is no finding. One recogniser a kind, as
// ZAP's active rules observe each (41 and 42 source code disclosure of Git and SVN, 0 and 10033 directory browsing,
// 40034 .env information leak, 40042 Spring actuator, 10095 backup file disclosure). Each returns what it
// recognised, in a few words for the failure, or undefined.

/** Lines of a text without blank ones. */
const lines = (text: string): string[] => text.split(/\r?\n/).filter((l) => l.trim() !== '');

/** JSON of an object, or undefined. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What Mercurial writes in .hg/requires (one feature a line). */
const HG_REQUIREMENTS = /^(revlogv1|revlogv2|store|fncache|dotencode|generaldelta|sparserevlog|share-safe|persistent-nodemap|treemanifest)$/;

/** Version-control metadata, by the file asked for: .git/HEAD, .git/config, .svn/entries, .hg/requires. */
export function repositoryContent(path: string, text: string): string | undefined {
  if (path.endsWith('/.git/HEAD') && /^(?:ref: refs\/\S+|[0-9a-f]{40}(?:[0-9a-f]{24})?)\s*$/.test(text)) return `a Git HEAD (${text.trim()})`;
  if (path.endsWith('/.git/config') && /^\s*\[core\]\s*$/m.test(text) && lines(text).every((l) => /^\s*(\[[^\]]+\]|[\w.-]+\s*=.*|#.*|;.*)$/.test(l)))
    return 'a Git config ([core] section)';
  // Subversion 1.7+ writes only its format number; 1.4 to 1.6 the number, a blank line and the root entry `dir`.
  if (path.endsWith('/.svn/entries') && (/^\s*(?:8|9|10|12)\s*$/.test(text) || /^(?:8|9|10)\n\ndir\n/.test(text))) return 'Subversion entries';
  if (path.endsWith('/.hg/requires') && lines(text).length > 0 && lines(text).every((l) => HG_REQUIREMENTS.test(l.trim()))) return 'Mercurial requires';
  return undefined;
}

/** A listing of a directory's files, as Apache, nginx (HTML and JSON), IIS, Tomcat, Python's http.server and Node's serve-index write it. */
export function directoryListing(text: string): string | undefined {
  const html = [
    [/<title>\s*Index of \//i, '"Index of /…" (Apache, nginx)'],
    [/<h1>\s*Index of \//i, '"Index of /…" (Apache, nginx)'],
    [/Directory listing for \//i, '"Directory listing for /…" (Python http.server)'],
    [/\[To Parent Directory\]/i, '"[To Parent Directory]" (IIS)'],
    [/Directory Listing For \[/i, '"Directory Listing For [/…]" (Tomcat)'],
    [/<title>\s*listing directory \//i, '"listing directory /…" (serve-index)'],
  ] as const;
  for (const [pattern, what] of html) if (pattern.test(text)) return `a directory listing: ${what}`;
  try {
    const v: unknown = JSON.parse(text);
    const entry = (e: unknown) => isObject(e) && typeof e.name === 'string' && (e.type === 'file' || e.type === 'directory') && 'mtime' in e;
    if (Array.isArray(v) && v.length > 0 && v.every(entry)) return 'a directory listing: nginx autoindex JSON';
  } catch {
    // not JSON
  }
  return undefined;
}

/** Names of variables that hold secrets. */
const SECRET_NAME = /(secret|passw(or)?d|pwd|token|api[_-]?key|private|credential|access[_-]?key|crypto[_-]?key|salt|dsn)/i;
/** An address with a password in it: scheme://user:password@host. */
const URL_WITH_PASSWORD = /^[a-z][\w+.-]*:\/\/[^:/@\s]+:[^@\s]+@/i;
/** A value shown masked, or left as a placeholder. */
const MASKED = /^(\*+|x+|<[^>]*>|\$\{[^}]*\}|changeme|)$/i;

/** A secret in one variable: a secret-looking name with a value, or an address carrying a password. */
function secretIn(name: string, value: string): boolean {
  const v = value.trim().replace(/^["']|["']$/g, '');
  return (SECRET_NAME.test(name) && !MASKED.test(v) && v.length >= 4) || URL_WITH_PASSWORD.test(v);
}

/** An environment file (`KEY=value` lines, dotenv's format); `secrets` the names whose values look like secrets. */
export function envFile(text: string): { variables: number; secrets: string[] } | undefined {
  if (/^\s*[<{[]/.test(text)) return undefined;
  const body = lines(text).filter((l) => !l.trim().startsWith('#'));
  const pairs = body.map((l) => /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=(.*)$/.exec(l)).filter((m) => m !== null);
  if (pairs.length < 2 || pairs.length < body.length * 0.8) return undefined;
  return { variables: pairs.length, secrets: pairs.filter((m) => secretIn(m[1]!, m[2]!)).map((m) => m[1]!) };
}

/** Spring Boot's /actuator/env: its property sources; `secrets` the properties shown unmasked that look like secrets. */
export function actuatorEnv(text: string): { secrets: string[] } | undefined {
  const v = jsonObject(text);
  if (!v || !Array.isArray(v.propertySources)) return undefined;
  const secrets: string[] = [];
  for (const source of v.propertySources)
    if (isObject(source) && isObject(source.properties))
      for (const [name, p] of Object.entries(source.properties)) if (isObject(p) && typeof p.value === 'string' && secretIn(name, p.value)) secrets.push(name);
  return { secrets };
}

/** A documentation, monitoring or debug endpoint, by what it answers (whichever address it was asked at). */
export function docsOrMonitoring(text: string): string | undefined {
  const v = jsonObject(text);
  if (v && ((typeof v.openapi === 'string' && /^3\./.test(v.openapi)) || v.swagger === '2.0') && (isObject(v.paths) || isObject(v.info)))
    return `an OpenAPI document (${typeof v.openapi === 'string' ? `openapi ${v.openapi}` : 'swagger 2.0'})`;
  if (v && isObject(v._links) && isObject(v._links.self)) return 'Spring actuator links (_links.self)';
  if (v && Array.isArray(v.propertySources)) return 'Spring actuator env (propertySources)';
  if (v && isObject(v.memstats) && 'cmdline' in v) return "Go's expvar (cmdline, memstats)";
  if (/SwaggerUIBundle|id=["']swagger-ui["']|swagger-ui(?:-bundle)?\.(?:css|js)/.test(text)) return 'Swagger UI';
  if (/^# HELP [a-zA-Z_:][\w:]* /m.test(text) && /^# TYPE [a-zA-Z_:][\w:]* (?:counter|gauge|histogram|summary|untyped|info|stateset)\b/m.test(text))
    return 'Prometheus metrics (# HELP, # TYPE)';
  if (/Werkzeug Debugger|__debugger__/.test(text)) return 'the Werkzeug debugger';
  if (/Types of profiles available|\/debug\/pprof\//.test(text)) return "Go's pprof index";
  if (/You're seeing this error because you have <code>DEBUG = True<\/code>/.test(text)) return "Django's debug page";
  if (/<title>phpinfo\(\)<\/title>/i.test(text)) return 'phpinfo()';
  if (/Apache Server Status for|<title>Apache Status<\/title>/i.test(text)) return "Apache's server-status";
  if (/^Active connections:\s*\d+\s*$/m.test(text) && /server accepts handled requests/.test(text)) return "nginx's stub_status";
  return undefined;
}

/** A build or server configuration file, by the name asked for: package.json, web.config. */
export function configFile(path: string, text: string): string | undefined {
  if (path.endsWith('/package.json')) {
    const v = jsonObject(text);
    if (v && (typeof v.name === 'string' || typeof v.version === 'string') && (isObject(v.dependencies) || isObject(v.devDependencies) || isObject(v.scripts)))
      return `a package.json (${typeof v.name === 'string' ? v.name : 'unnamed'})`;
  }
  if (path.endsWith('/web.config') && /<configuration[\s>]/.test(text) && /<(system\.web|system\.webServer|appSettings|connectionStrings)[\s>]/.test(text))
    return 'an IIS web.config';
  return undefined;
}

/**
 * A body as a soft 404 writes it whatever the address: the address asked for taken out, digits and hex runs (a
 * request id, a time) made one. A backup name whose answer is the same as a name that cannot exist is no backup.
 */
export function normalisedBody(text: string, path: string): string {
  return text
    .split(path)
    .join('')
    .replace(/[0-9a-f]*\d[0-9a-f]*/gi, '#')
    .trim();
}
