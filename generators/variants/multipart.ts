// multipart/form-data written by hand (RFC 7578), so that the upload's own spellings can be sent: the parts in
// another order, the part headers in another letter case and the boundary parameter quoted are the same form (RFC
// 7578 section 5.2 leaves the order to the sender; RFC 9110 section 5.1 makes header names case-insensitive, section
// 5.6.6 a quoted parameter value equivalent to the token; .NET's MultipartFormDataContent quotes it).
import { randomBytes } from 'node:crypto';

export interface FormPart {
  name: string;
  value?: string;
  file?: { filename: string; contentType: string; bytes: Uint8Array };
}

export interface MultipartSpelling {
  name: string;
  /** Parts in reverse order. */
  reverse?: boolean;
  /** How part header names are written. */
  headerCase?: (name: string) => string;
  /** The boundary parameter of Content-Type as a quoted string. */
  quotedBoundary?: true;
}

/** The canonical form and the upload's own same-request spellings. */
export const MULTIPART_SPELLINGS: readonly MultipartSpelling[] = [
  { name: 'parts in reverse order', reverse: true },
  { name: 'part headers in lower case', headerCase: (n) => n.toLowerCase() },
  { name: 'part headers in upper case', headerCase: (n) => n.toUpperCase() },
  { name: 'boundary quoted', quotedBoundary: true },
];

/** The body and its Content-Type. */
export function multipartBody(parts: readonly FormPart[], spelling: MultipartSpelling = { name: 'canonical' }): { body: Buffer; contentType: string } {
  const boundary = `----pts${randomBytes(12).toString('hex')}`;
  const h = spelling.headerCase ?? ((n: string) => n);
  const chunks: Buffer[] = [];
  for (const part of spelling.reverse ? [...parts].reverse() : parts) {
    const disposition = `${h('Content-Disposition')}: form-data; name="${part.name}"${part.file ? `; filename="${part.file.filename}"` : ''}`;
    const type = part.file ? `\r\n${h('Content-Type')}: ${part.file.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}${type}\r\n\r\n`, 'utf8'));
    chunks.push(part.file ? Buffer.from(part.file.bytes) : Buffer.from(part.value ?? '', 'utf8'));
    chunks.push(Buffer.from('\r\n', 'utf8'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${spelling.quotedBoundary ? `"${boundary}"` : boundary}` };
}
