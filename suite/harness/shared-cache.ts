// What RFC 9111 lets a shared cache store and serve: an answer that says public, s-maxage or max-age above 0 (3,
// 5.2.2), or an Expires in the future where neither max-age nor s-maxage overrides it (5.3) and no-cache does not
// send every reuse back to the origin (5.2.2.4), unless no-store or private forbids it (5.2.2.5, 5.2.2.7).

/** Cache-Control directives of every line of the field, names in lower case, values unquoted. */
export function cacheDirectives(lines: readonly string[]): Map<string, string> {
  const d = new Map<string, string>();
  for (const m of lines.flatMap((v) => v.split(',')).map((m) => m.trim())) {
    if (m === '') continue;
    const [name, ...rest] = m.split('=');
    d.set(name!.trim().toLowerCase(), rest.join('=').trim().replace(/^"|"$/g, ''));
  }
  return d;
}

/** A shared cache may store the answer whose Cache-Control and Expires lines these are. */
export function sharedCacheMayStore(cacheControl: readonly string[], expires: readonly string[]): boolean {
  const d = cacheDirectives(cacheControl);
  if (d.has('no-store') || d.has('private')) return false;
  const positive = (name: string) => d.has(name) && Number(d.get(name)) > 0;
  const expiresLater = !d.has('max-age') && !d.has('s-maxage') && !d.has('no-cache') && expires.some((e) => Date.parse(e) > Date.now());
  return d.has('public') || positive('s-maxage') || positive('max-age') || expiresLater;
}
