// The answers a real merchant endpoint gives a callback it does not take, one class each: the callback receiver
// answers the first FAIL_FIRST deliveries of a payment in the classes its payload names (REFUSAL_PARAMETER), one
// after another.
// `success: true` marks the one class that is a 2xx (a delivery taken, whatever its body).

/** How long a slow answer is held: past the 10 s most webhook senders wait (GitHub 10 s, Shopify 5 s), after which it is 503. */
export const SLOW_ANSWER_MS = 15_000;

/** Where a 307 sends a callback: an address of the receiver's that counts a delivery there as the redirect followed. */
export const REDIRECTED_PREFIX = '/__suite/redirected/';

/** The seconds a 429 asks the sender to wait (Retry-After). */
export const RETRY_AFTER_SECONDS = 1;

export interface AnswerClass {
  /** The answer: an HTTP status, a slow 503, a reset connection, none at all (the connection held open). */
  readonly answer: number | 'slow' | 'reset' | 'held';
  readonly what: string;
  readonly success?: true;
  /** Not among the classes of the refusal groups: a check of its own judges it (how long a sender waits is advice). */
  readonly apart?: true;
}

const ANSWER_CLASSES = {
  '400': { answer: 400, what: '400 Bad Request' },
  '401': { answer: 401, what: '401 Unauthorized' },
  '403': { answer: 403, what: '403 Forbidden' },
  '404': { answer: 404, what: '404 Not Found' },
  '409': { answer: 409, what: '409 Conflict' },
  '410': { answer: 410, what: '410 Gone' },
  '422': { answer: 422, what: '422 Unprocessable Content' },
  '429': { answer: 429, what: `429 Too Many Requests with Retry-After: ${RETRY_AFTER_SECONDS}` },
  '500': { answer: 500, what: '500 Internal Server Error' },
  '502': { answer: 502, what: '502 Bad Gateway' },
  '503': { answer: 503, what: '503 Service Unavailable' },
  '307': { answer: 307, what: `307 Temporary Redirect to another address (${REDIRECTED_PREFIX}…)` },
  slow: { answer: 'slow', what: `no answer for ${SLOW_ANSWER_MS / 1000} s (then 503)` },
  reset: { answer: 'reset', what: 'the connection reset without an answer' },
  held: { answer: 'held', what: 'taken, and never answered (the connection held open)', apart: true },
  'text-200': { answer: 200, what: '200 with a text/plain body that is not JSON', success: true },
} as const satisfies Record<string, AnswerClass>;

export type AnswerClassName = keyof typeof ANSWER_CLASSES;

/** The merchant parameter naming the classes the first deliveries are answered in: a class, or several joined by commas (500 when absent). */
export const REFUSAL_PARAMETER = 'pts_refuse_as';

/** The class delivery `index` (0 the first) is answered in: the parameter's classes one after another, again from the first when they run out. */
export function answerClassOf(value: unknown, index = 0): AnswerClass {
  const names = (typeof value === 'string' ? value.split(',') : []).filter((n) => Object.hasOwn(ANSWER_CLASSES, n)) as AnswerClassName[];
  return names.length === 0 ? ANSWER_CLASSES['500'] : ANSWER_CLASSES[names[index % names.length]!];
}

const CLASSES = Object.keys(ANSWER_CLASSES) as AnswerClassName[];

const isSuccess = (c: AnswerClassName): boolean => 'success' in ANSWER_CLASSES[c];

/** Whether every class of the group is a success (a delivery taken: no redelivery to ask for). */
export function isSuccessGroup(group: readonly AnswerClassName[]): boolean {
  return group.every(isSuccess);
}

/** The classes of each invoice: the refusals `perPayment` at a time, in order; each success class alone. */
export function refusalGroups(perPayment: number): AnswerClassName[][] {
  const refusing = CLASSES.filter((c) => !isSuccess(c) && !('apart' in ANSWER_CLASSES[c]));
  const groups: AnswerClassName[][] = [];
  for (let i = 0; i < refusing.length; i += perPayment) groups.push(refusing.slice(i, i + perPayment));
  return [...groups, ...CLASSES.filter(isSuccess).map((c) => [c])];
}
