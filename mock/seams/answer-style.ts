// The seam of how every answer is written: its JSON media type, the headers every answer carries, its framing on
// the wire and the CORS headers for the request's Origin.
import { randomUUID } from 'node:crypto';
import type { SeamTable } from './apply.js';

type Headers = Record<string, string | string[]>;

export interface AnswerStyle {
  jsonType: string;
  /** Headers every answer carries, made per answer; null: none. */
  extraHeaders: (() => Headers) | null;
  chunked: boolean;
  /** A chunked answer names its coding itself (Transfer-Encoding set by hand): HTTP/1.0 clients get it too. */
  chunkedNamed: boolean;
  close: boolean;
  /** Content-Length counts the text's characters (UTF-16 units), not its bytes. */
  lengthInCharacters: boolean;
  /** Every answer carries X-Content-Type-Options: nosniff (its type is the one sent, ZAP 10021). */
  nosniff: boolean;
  /** A {message} error body carries a code field besides. */
  codeField: boolean;
  /** CORS headers for the request's Origin; null: none. */
  cors: ((origin: string | undefined) => Headers) | null;
  /** How the text becomes bytes (whatever the type's charset says). */
  encoding: 'utf-8' | 'windows-1251';
}

/** The one origin variation api-cors-allowlist lets read the API with credentials. */
const CORS_ALLOWED_ORIGIN = 'https://merchant.example';

export const ANSWER_STYLE_SEAMS: SeamTable<AnswerStyle> = {
  // Faults
  'content-type-text-plain': (s) => void (s.jsonType = 'text/plain; charset=utf-8'),
  'answer-length-in-characters': (s) => void (s.lengthInCharacters = true),
  'message-error-extra-field': (s) => void (s.codeField = true),
  'answers-without-nosniff': (s) => void (s.nosniff = false),
  // A legacy stack whose strings are windows-1251, its answers still labelled UTF-8.
  'answers-in-windows-1251': (s) => void (s.encoding = 'windows-1251'),
  // A streaming writer that sets Transfer-Encoding itself, whatever the request's version (RFC 9112 6.1).
  'chunked-to-http10': (s) => void Object.assign(s, { chunked: true, chunkedNamed: true }),
  // Any origin may read the API with the payer's credentials.
  'api-cors-reflects-origin': (s) =>
    void (s.cors = (origin): Headers => (origin ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' } : {})),
  // Variations
  'content-type-letter-case': (s) =>
    void (s.jsonType = s.jsonType.replace(/application\/json/i, 'Application/JSON').replace(/charset=utf-8/i, 'Charset=UTF-8')),
  'content-type-no-charset': (s) => void (s.jsonType = s.jsonType.split(';')[0]!),
  'extra-headers': (s) =>
    void (s.extraHeaders = () => ({
      'x-request-id': randomUUID(),
      'cache-control': 'no-store',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      server: 'pts-gateway/2.4',
      'x-powered-by': 'Payments-Core',
      vary: 'Accept-Encoding, Origin',
    })),
  chunked: (s) => void (s.chunked = true),
  'connection-close': (s) => void (s.close = true),
  'api-cors-allowlist': (s) =>
    void (s.cors = () => ({ 'access-control-allow-origin': CORS_ALLOWED_ORIGIN, 'access-control-allow-credentials': 'true', vary: 'Origin' })),
  'api-cors-any-origin': (s) => void (s.cors = () => ({ 'access-control-allow-origin': '*' })),
};
