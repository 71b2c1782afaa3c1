// The HTTP/1.1 answers in the bytes a bare connection received, framed as RFC 9112 6.3 says a client frames them:
// Transfer-Encoding chunked, else Content-Length, else the answer runs to the close. What the pooled client would
// hide (a second answer on the connection, bytes after the last one) is what the framing checks judge.

/** One answer read off the connection. */
export interface RawAnswer {
  status: number;
  /** Field names lower-cased; a name sent twice keeps its values joined by ", ". */
  headers: Record<string, string>;
  body: string;
}

/** The complete answers in `bytes`, in order, and what follows them (an answer not yet complete, or none). */
interface ReadAnswers {
  answers: RawAnswer[];
  rest: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** The chunked body at the start of `bytes` and its length on the wire; undefined while incomplete or unreadable. */
function chunkedBody(bytes: Buffer): { body: Buffer; length: number } | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = bytes.indexOf('\r\n', at);
    if (eol === -1) return undefined;
    const size = parseInt(bytes.subarray(at, eol).toString('latin1').split(';')[0]!.trim(), 16);
    if (Number.isNaN(size)) return undefined;
    at = eol + 2;
    if (size === 0) {
      const end = bytes.indexOf(HEAD_END, at - 2); // trailer fields, if any, end with an empty line
      return end === -1 ? undefined : { body: Buffer.concat(parts), length: end + 4 };
    }
    if (bytes.length < at + size + 2) return undefined;
    parts.push(bytes.subarray(at, at + size));
    at += size + 2;
  }
}

/**
 * Reads the answers in `bytes`. `closed`: the connection has ended, so an answer framed by neither Transfer-Encoding
 * nor Content-Length is complete (it runs to the close).
 */
export function readAnswers(bytes: Buffer, closed: boolean): ReadAnswers {
  const answers: RawAnswer[] = [];
  let rest = bytes;
  for (;;) {
    const headEnd = rest.indexOf(HEAD_END);
    if (headEnd === -1) return { answers, rest };
    const [statusLine = '', ...fieldLines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = /^HTTP\/\d\.\d (\d{3})/.exec(statusLine);
    if (!status) return { answers, rest };
    const headers: Record<string, string> = {};
    for (const line of fieldLines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const after = rest.subarray(headEnd + 4);
    const bodiless = status[1]!.startsWith('1') || status[1] === '204' || status[1] === '304';
    let body: Buffer;
    let length: number;
    if (bodiless) [body, length] = [Buffer.alloc(0), 0];
    else if (/chunked\s*$/i.test(headers['transfer-encoding'] ?? '')) {
      const chunked = chunkedBody(after);
      if (chunked === undefined) return { answers, rest };
      [body, length] = [chunked.body, chunked.length];
    } else if (headers['content-length'] !== undefined) {
      length = Number(headers['content-length']);
      if (!Number.isInteger(length) || after.length < length) return { answers, rest };
      body = after.subarray(0, length);
    } else if (closed) [body, length] = [after, after.length];
    else return { answers, rest };
    answers.push({ status: Number(status[1]), headers, body: body.toString('utf8') });
    rest = after.subarray(length);
  }
}
