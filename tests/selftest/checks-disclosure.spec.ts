// How the error-answer probe reads an answer: the signatures of internals of every common stack are found,
// and messages that merely say more (the parser's position, the documented digest formula, a request id, a
// path of the API itself) or echo what was sent are not findings.
import { test, expect } from '@playwright/test';
import { findDisclosure, stringsOf } from '../../suite/checks/disclosure-patterns.js';

const LEAKS: readonly [string, string][] = [
  ['a JavaScript stack frame', 'SyntaxError: Unexpected end of JSON input\n    at JSON.parse (<anonymous>)\n    at parseBody (/srv/pts/app/body.js:41:17)'],
  ['a JavaScript stack frame', 'failed at Object.<anonymous> (C:\\pts\\server.js:10:3)'],
  ['a Java stack frame', 'java.lang.NumberFormatException: For input string: "ten"\n\tat java.base/java.lang.Integer.parseInt(Integer.java:652)'],
  ['a .NET stack frame', 'at Pts.Api.InvoiceController.Create(InvoiceRequest r) in /src/Pts/InvoiceController.cs:line 42'],
  ['a Python traceback', 'Traceback (most recent call last):\n  File "/app/pts/views.py", line 12, in create'],
  ['a Ruby backtrace', "app/controllers/invoices_controller.rb:12:in `create'"],
  ['a PHP error or trace', 'PHP Fatal error: Uncaught TypeError in /var/www/pts/src/Invoice.php:41\nStack trace:\n#0 {main}'],
  ['a Go panic', 'panic: runtime error\n\ngoroutine 17 [running]:\nmain.handler(...)'],
  ['a file path of the server', 'could not open "/home/pts/config/merchants.yml"'],
  ['a dependency directory', 'Error in node_modules/body-parser/lib/read.js'],
  ['an exception class name', 'com.fasterxml.jackson.databind.exc.MismatchedInputException: Cannot deserialize value'],
  ['an exception class name', 'TypeError: Cannot read properties of undefined'],
  ['a database error', 'ERROR: duplicate key value violates unique constraint "payments_transaction_key"'],
  ['a database error', "You have an error in your SQL syntax; check the manual near ''1'='1'"],
  ['a database error', 'SQLSTATE[22P02]: Invalid text representation'],
  ['an SQL statement', 'failed: SELECT id, state FROM payments WHERE transaction = $1'],
  ['a system error code', 'connect ECONNREFUSED 10.0.3.4:5432'],
  ['the content of a system file', 'root:x:0:0:root:/root:/bin/bash'],
];

const SAYS_MORE = [
  'Request body is not valid JSON: Unexpected token } in JSON at position 12',
  "Request body is not valid JSON: Expected property name or '}' in JSON at position 1 (line 1 column 2)",
  'Invalid signature. It does not match sha256(api_key + transaction + amount [+ recipient_pan] + crypto_key), 64 hex digits in either letter case.',
  'Invalid X-Sign signature: the signature does not verify over the exact body bytes with the public key on file for this merchant.',
  'Not found: no operation at this path; the operations live under /api/v1/.',
  'Payment not found: no payment of this merchant has this transaction (request id 7c9e6679-7425-40de-944b-e07fc1f90ae7).',
  'The amount must be an integer. Send a whole number of kopecks, without quotes.',
  'Select a payment from the list',
  'Error: the request could not be processed',
  'Отказ антифрод-системы',
  'Поле api_key обязательно (required)',
];

test.describe('error disclosure patterns @checks', () => {
  for (const [what, text] of LEAKS) test(`${what} is found in ${JSON.stringify(text.slice(0, 60))}`, () => expect(findDisclosure(text)?.what).toBe(what));

  for (const text of SAYS_MORE) test(`no finding in ${JSON.stringify(text.slice(0, 60))}`, () => expect(findDisclosure(text)).toBeUndefined());

  test('what the suite sent, echoed back, is no finding; the same text of the provider is', () => {
    const sent = ["x' OR '1'='1", 'file:///etc/passwd', '/home/pts/'];
    expect(findDisclosure(`Unknown api_key "x' OR '1'='1"; path /home/pts/ refused`, sent)).toBeUndefined();
    expect(findDisclosure(`Unknown api_key "x' OR '1'='1"; path /home/pts/ refused`)?.what).toBe('a file path of the server');
  });

  test('an answer is read as the strings it is made of, at any depth', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(stringsOf({ message: 'm', errors: { amount: ['a', 'b'] }, deep })).toEqual(['message', 'm', 'errors', 'amount', 'a', 'b', 'deep', 'bottom']);
  });
});
