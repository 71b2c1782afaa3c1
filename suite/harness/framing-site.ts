// Another site, served by the suite: a page on a loopback port of its own (another origin than any provider
// page) that shows a given address in an iframe, the way a clickjacking page does (ZAP 10020 judged by
// behaviour). A real server, not a routed page: Chromium's local network access checks block a routed
// (public) page from framing a loopback provider, which would hide the very defect looked for.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

let started: Promise<string> | undefined;

/** The framing site's origin (started once per worker; it never keeps the worker alive). */
function framingOrigin(): Promise<string> {
  return (started ??= new Promise<string>((resolve, reject) => {
    const server: Server = createServer((req, res) => {
      const frame = new URL(req.url ?? '/', 'http://framer').searchParams.get('frame') ?? 'about:blank';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Another site</title><iframe id="framed" src="${escapeAttribute(frame)}" width="900" height="700"></iframe>`);
    });
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  }));
}

/** The address of a page of another site that frames `url`. */
export async function framingPageFor(url: string): Promise<string> {
  return `${await framingOrigin()}/?frame=${encodeURIComponent(url)}`;
}

/** A page of that other site that frames nothing: a window of another origin for a check to open the payment page from. */
export async function anotherSitePage(): Promise<string> {
  return `${await framingOrigin()}/`;
}
