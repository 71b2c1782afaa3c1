// The shape of a response, for reports and for comparing runs: `HTTP 200 {payment:{id:number,...},...}`.
// Values become type names, keys are sorted, arrays show the union of their element shapes, and
// maps whose keys are data rather than field names (the deeplink object's <BANK>_FOREIGN keys) collapse
// to `{*:shape}`, so two providers with different banks give the same shape.

/** A key that names a field: lower-case snake case, possibly dotted (`payload.client_id`). */
const FIELD_KEY = /^[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*$/;

export function jsonShape(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    const shapes = [...new Set(value.map(jsonShape))].sort();
    return `[${shapes.join('|')}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (entries.length === 0) return '{}';
    const shapes = entries.map(([, v]) => jsonShape(v));
    if (entries.some(([k]) => !FIELD_KEY.test(k)) && new Set(shapes).size === 1) return `{*:${shapes[0]}}`;
    return `{${entries.map(([k], i) => `${FIELD_KEY.test(k) ? k : JSON.stringify(k)}:${shapes[i]}`).join(',')}}`;
  }
  return typeof value; // string, number, boolean
}

interface RecordedExchange {
  response?: { status?: number; headers?: Record<string, string>; bodyText?: string; json?: unknown };
  transportError?: string;
}

/** Shape of an exchange's response: `HTTP <status> <json shape>`, or the content type / `empty` for other bodies. */
export function responseShape(exchange: unknown): string | undefined {
  if (exchange === null || typeof exchange !== 'object') return undefined;
  const ex = exchange as RecordedExchange;
  const res = ex.response;
  if (!res || typeof res.status !== 'number') return ex.transportError !== undefined ? 'no response' : undefined;
  if (res.json !== undefined) return `HTTP ${res.status} ${jsonShape(res.json)}`;
  if (!res.bodyText) return `HTTP ${res.status} empty`;
  const contentType = Object.entries(res.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  return `HTTP ${res.status} ${contentType ? contentType.split(';')[0].trim() : 'text'}`;
}
