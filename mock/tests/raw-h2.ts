// One HTTP/2 stream over cleartext with prior knowledge, written frame by frame (node's http2 refuses to send
// transfer-encoding or a CR LF in a value): what the h2 front (mock/h2-front.ts) makes of a downgrade probe.
import { connect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { content, FLAG, frame, FRAME, literalField, PREFACE, readFields, readFrames } from '../../contracts/h2-wire.js';
import type { Client } from './client.js';

/** How the stream ended: `reset`, `goaway`, `HTTP <status>`, or `closed`. */
function h2Stream(url: string, fields: [string, string][], data: Buffer): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve) => {
    let buf: Buffer = Buffer.alloc(0);
    const block: Buffer[] = [];
    const done = (how: string) => {
      socket.destroy();
      resolve(how);
    };
    const socket = connect(Number(u.port), u.hostname, () => {
      const head = [[':method', 'POST'], [':scheme', 'http'], [':authority', u.host], ...fields].map(([n, v]) => literalField(n!, v!));
      socket.write(Buffer.concat([PREFACE, frame(FRAME.SETTINGS, 0, 0), frame(FRAME.HEADERS, FLAG.END_HEADERS, 1, Buffer.concat(head))]));
      socket.write(frame(FRAME.DATA, FLAG.END_STREAM, 1, data));
    });
    socket.on('data', (d: Buffer) => {
      const { frames, rest } = readFrames(Buffer.concat([buf, d]));
      buf = rest;
      for (const f of frames) {
        if (f.type === FRAME.GOAWAY) return done('goaway');
        if (f.stream !== 1) continue;
        if (f.type === FRAME.RST_STREAM) return done('reset');
        if (f.type === FRAME.HEADERS) block.push(content(f));
        if (f.flags & FLAG.END_STREAM) return done(`HTTP ${readFields(Buffer.concat(block), ':status')?.find(([n]) => n === ':status')?.[1]}`);
      }
    });
    socket.on('close', () => done('closed'));
    socket.on('error', () => done('closed'));
  });
}

type Downgrade = 'te' | 'cl' | 'crlf-value' | 'valid';

/**
 * A signed invoice as one h2 stream whose bytes carry a second signed invoice, framed `how` for a downgrading front
 * (`valid`: no second one): how the stream ended, and whether the second invoice was carried out.
 */
export async function h2Downgrade(api: Client, how: Downgrade): Promise<{ ended: string; smuggled: boolean }> {
  const path = new URL(api.url).pathname.replace(/\/$/, '') + api.paths.invoice;
  const first = Buffer.from(JSON.stringify(api.invoiceBody()));
  const transaction = randomUUID();
  const second = JSON.stringify(api.invoiceBody({ transaction }));
  const smuggled = `POST ${path} HTTP/1.1\r\nhost: ${new URL(api.url).host}\r\ncontent-type: application/json\r\ncontent-length: ${second.length}\r\n\r\n${second}`;
  const chunked = Buffer.from(`${first.length.toString(16)}\r\n${first.toString('latin1')}\r\n0\r\n\r\n${smuggled}`, 'latin1');
  const json: [string, string] = ['content-type', 'application/json'];
  const ended =
    how === 'te'
      ? await h2Stream(api.url, [[':path', path], json, ['transfer-encoding', 'chunked']], chunked)
      : how === 'cl'
        ? await h2Stream(api.url, [[':path', path], json, ['content-length', String(first.length)]], Buffer.concat([first, Buffer.from(smuggled)]))
        : how === 'crlf-value'
          ? await h2Stream(api.url, [[':path', path], json, ['x-note', `a\r\ncontent-length: 0\r\n\r\n${smuggled}`]], first)
          : await h2Stream(api.url, [[':path', path], json], first);
  return { ended, smuggled: (await api.status(transaction)).status === 200 };
}
