// How the client tells transport trouble from an answer: each error of a request in the evidence's words, and
// its kind (the provider unavailable: no verdict; no answer in time; a broken answer).
import { test, expect } from '@playwright/test';
import { errors } from 'undici';
import { transportFailure } from '../../suite/harness/transport-errors.js';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

test.describe('transport errors @harness', () => {
  for (const [what, error, expected] of [
    ['a deadline', new DOMException('The operation was aborted due to timeout', 'TimeoutError'), { transportError: 'no response in 7 s', kind: 'timeout' }],
    ['an abort', new DOMException('aborted', 'AbortError'), { transportError: 'no response in 7 s', kind: 'timeout' }],
    ['a refused connection', withCode('ECONNREFUSED'), { transportError: 'connection refused', kind: 'unavailable' }],
    [
      'fetch failing on a reset',
      new TypeError('fetch failed', { cause: withCode('ECONNRESET') }),
      { transportError: 'connection closed before a complete response', kind: 'unavailable' },
    ],
    ['an unknown host', withCode('ENOTFOUND'), { transportError: 'host name not found', kind: 'unavailable' }],
    [
      "undici's socket error",
      new errors.SocketError('other side closed'),
      { transportError: 'connection closed before a complete response', kind: 'unavailable' },
    ],
    [
      'a body shorter than declared',
      new errors.ResponseContentLengthMismatchError(),
      { transportError: 'response length differs from its Content-Length', kind: 'defect' },
    ],
    [
      'an unreachable network',
      withCode('ENETUNREACH', 'network is unreachable'),
      { transportError: 'ENETUNREACH: network is unreachable', kind: 'unavailable' },
    ],
    ['anything else', new Error('something odd'), { transportError: 'Error: something odd', kind: 'defect' }],
  ] as const) {
    test(`${what}: ${expected.kind}`, () => expect(transportFailure(error, 7)).toEqual(expected));
  }
});
