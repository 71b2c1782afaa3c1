// Other spellings of one request, for the metamorphic relations (suite/checks/spellings.ts). Each takes a request
// as bytes (method, path, headers, body) and gives another, named, of a kind:
// - `same`: HTTP and JSON make it the same request (RFC 8259 section 4: member order and whitespace; RFC 9110
//   section 5.1: field names are case-insensitive, 8.3.1: media type and charset are too, and a parameter value
//   may be quoted; RFC 9112 section 7.1: a chunked body is the same content);
// - `address`: another address for the same operation. RFC 3986 section 6.2.2 makes only the percent-encoding of
//   an unreserved character equivalent; a trailing slash, a doubled slash, another letter case or a query string
//   name another resource. A provider may refuse each outright (404, 405, 400) or serve the operation there, but
//   never with fewer checks;
// - `near-miss`: not the same request (a field given twice, a value wrapped or cased otherwise): refused, or
//   carried out exactly as validated (suite/checks/near-misses.ts).

/** A request as the wire carries it. */
export interface WireRequest {
  method: string;
  path: string;
  /** Header names as sent (their letter case included). */
  headers: Record<string, string>;
  body: Buffer;
  /** Transfer-Encoding: chunked instead of Content-Length. */
  chunked?: boolean;
}

type SpellingKind = 'same' | 'address';

interface Spelling {
  /** Short and stable: it names the step of a check and the evidence. */
  name: string;
  kind: SpellingKind;
  /** Where it applies: JSON bodies, multipart bodies, or any. */
  body: 'json' | 'multipart' | 'any';
  /** Its standard leaves the server no reading but the request's own: a refusal of it is no option (header names). */
  neverRefused?: true;
  /** The other spelling, or undefined when the request has nothing it changes. */
  apply(req: WireRequest): WireRequest | undefined;
}

const withHeader = (req: WireRequest, name: RegExp, spelled: (old: string, value: string) => [string, string]): WireRequest | undefined => {
  const entry = Object.entries(req.headers).find(([k]) => name.test(k));
  if (!entry) return undefined;
  const [k, v] = spelled(entry[0], entry[1]);
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([n]) => n !== entry[0]));
  return { ...req, headers: { ...headers, [k]: v } };
};

const CONTENT_TYPE = /^content-type$/i;
const jsonOf = (req: WireRequest): Record<string, unknown> => JSON.parse(req.body.toString('utf8')) as Record<string, unknown>;
const withBody = (req: WireRequest, text: string): WireRequest => ({ ...req, body: Buffer.from(text, 'utf8') });

/** Object members in reverse order at every level. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
}

/** The last path segment with `spell` applied to it. */
function lastSegment(req: WireRequest, spell: (segment: string) => string): WireRequest | undefined {
  const at = req.path.lastIndexOf('/');
  const segment = req.path.slice(at + 1);
  const spelled = spell(segment);
  return spelled === segment ? undefined : { ...req, path: req.path.slice(0, at + 1) + spelled };
}

export const SPELLINGS: readonly Spelling[] = [
  // JSON: RFC 8259 section 4 (members are unordered) and section 2 (insignificant whitespace)
  { name: 'keys in reverse order', kind: 'same', body: 'json', apply: (r) => withBody(r, JSON.stringify(reversed(jsonOf(r)))) },
  { name: 'pretty-printed JSON', kind: 'same', body: 'json', apply: (r) => withBody(r, `\r\n ${JSON.stringify(jsonOf(r), null, '\t')} \n`) },
  // Media type: RFC 9110 section 8.3.1 (case-insensitive type and charset; a parameter value may be quoted)
  {
    name: 'Content-Type with charset=utf-8',
    kind: 'same',
    body: 'json',
    apply: (r) => withHeader(r, CONTENT_TYPE, (k) => [k, 'application/json; charset=utf-8']),
  },
  { name: 'Content-Type Application/JSON', kind: 'same', body: 'json', apply: (r) => withHeader(r, CONTENT_TYPE, (k) => [k, 'Application/JSON']) },
  {
    name: 'Content-Type with a quoted charset',
    kind: 'same',
    body: 'json',
    apply: (r) => withHeader(r, CONTENT_TYPE, (k) => [k, 'application/json;charset="UTF-8"']),
  },
  {
    name: 'multipart media type in upper case',
    kind: 'same',
    body: 'multipart',
    apply: (r) => withHeader(r, CONTENT_TYPE, (k, v) => [k, v.replace(/^multipart\/form-data/i, 'Multipart/Form-Data')]),
  },
  // Header names: RFC 9110 section 5.1
  {
    name: 'header names in upper case',
    kind: 'same',
    body: 'any',
    neverRefused: true,
    apply: (r) => ({ ...r, headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toUpperCase(), v])) }),
  },
  {
    name: 'header names in lower case',
    kind: 'same',
    body: 'any',
    neverRefused: true,
    apply: (r) => ({ ...r, headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v])) }),
  },
  // Framing: RFC 9112 section 7.1
  { name: 'chunked body', kind: 'same', body: 'any', apply: (r) => ({ ...r, chunked: true }) },
  // Addresses: RFC 3986 section 6.2.2.2 makes only this one equivalent
  {
    name: 'an unreserved letter percent-encoded',
    kind: 'address',
    body: 'any',
    apply: (r) => lastSegment(r, (s) => s.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)),
  },
  { name: 'a trailing slash', kind: 'address', body: 'any', apply: (r) => ({ ...r, path: `${r.path}/` }) },
  { name: 'a doubled slash', kind: 'address', body: 'any', apply: (r) => ({ ...r, path: r.path.replace(/\/(?=[^/]+$)/, '//') }) },
  { name: 'the last segment in upper case', kind: 'address', body: 'any', apply: (r) => lastSegment(r, (s) => s.toUpperCase()) },
  { name: 'a query string added', kind: 'address', body: 'any', apply: (r) => ({ ...r, path: `${r.path}?ref=pts` }) },
];

/** The spellings that apply to a request with a body of this kind, each applied. */
export function spellingsOf(req: WireRequest, body: 'json' | 'multipart'): { spelling: Spelling; request: WireRequest }[] {
  return SPELLINGS.filter((s) => s.body === 'any' || s.body === body).flatMap((spelling) => {
    const request = spelling.apply(req);
    return request ? [{ spelling, request }] : [];
  });
}

/**
 * A JSON object's text with `field` written twice: `first` where the object has it, `last` as its final member
 * (RFC 8259 section 4: names SHOULD be unique; parsers differ on which one they keep).
 */
export function withFieldTwice(body: Record<string, unknown>, field: string, first: unknown, last: unknown): string {
  const members = Object.entries({ ...body, [field]: first }).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  return `{${[...members, `${JSON.stringify(field)}:${JSON.stringify(last)}`].join(',')}}`;
}

/** Near-miss spellings of a UUID: each another string than any UUID form the profile takes. */
export const TRANSACTION_NEAR_MISSES: readonly { name: string; spell: (uuid: string) => string }[] = [
  { name: 'in braces', spell: (u) => `{${u}}` },
  { name: 'as a urn:uuid: URN', spell: (u) => `urn:uuid:${u}` },
  { name: 'with spaces around', spell: (u) => ` ${u} ` },
];
