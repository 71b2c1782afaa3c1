/**
 * How JSON answers are written under the JSON variations (json-key-order, json-pretty,
 * json-unicode-escapes), composed once per provider. Without them the answer is JSON.stringify.
 */
import type { VariationSet } from './catalog.js';

export type Serializer = (body: unknown) => string;

/** Object keys in reverse order at every level (arrays keep theirs). Answers are shallow, plain JSON. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i >= 0; i--) out[keys[i]!] = reverseKeys((value as Record<string, unknown>)[keys[i]!]);
  return out;
}

/** Every character outside ASCII as a \u escape (UTF-16 code units, so astral characters become two). */
function escapeNonAscii(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** No JSON variation: answers are JSON.stringify's text (and may be written directly as that text). */
export const plainJson = (variations: VariationSet): boolean =>
  !variations.has('json-key-order') && !variations.has('json-pretty') && !variations.has('json-unicode-escapes');

export function serializer(variations: VariationSet): Serializer {
  if (plainJson(variations)) return (body) => JSON.stringify(body);
  const order = variations.has('json-key-order');
  const pretty = variations.has('json-pretty');
  const escape = variations.has('json-unicode-escapes');
  return (body) => {
    const text = pretty ? `${JSON.stringify(order ? reverseKeys(body) : body, null, 2)}\n` : JSON.stringify(order ? reverseKeys(body) : body);
    return escape ? escapeNonAscii(text) : text;
  };
}
