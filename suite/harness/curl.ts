// A copy-pasteable curl command for one request, with card numbers masked and secrets removed.
import type { SentRequest } from './exchange.js';
import { redactText } from '../../contracts/redaction.js';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function toCurl(request: SentRequest): string {
  const parts = ['curl -sS -i', '-X', request.method, quote(redactText(request.url))];
  for (const [name, value] of Object.entries(request.headers)) {
    if (request.multipart && name.toLowerCase() === 'content-type') continue; // curl -F writes its own boundary
    parts.push('-H', quote(`${name}: ${redactText(value)}`));
  }
  if (request.multipart) {
    for (const p of request.multipart) {
      if (p.filename !== undefined) parts.push('-F', quote(`${p.name}=@${p.filename}${p.contentType ? `;type=${p.contentType}` : ''}`));
      else parts.push('-F', quote(`${p.name}=${redactText(p.value ?? '')}`));
    }
  } else if (request.bodyCoding !== undefined && request.body !== undefined) {
    // A coded body is binary: its text, coded again on the way.
    return `printf '%s' ${quote(redactText(request.body))} | ${request.bodyCoding} | ${parts.join(' ')} --data-binary @-`;
  } else if (request.body !== undefined) {
    parts.push('--data-raw', quote(redactText(request.body)));
  }
  return parts.join(' ');
}
