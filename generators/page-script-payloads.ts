/**
 * What the payment page's own script meets from others: elements named like the globals scripts read, in the
 * merchant's text (DOM clobbering, ASVS 5.0 3.2.3), and messages a window of another origin posts to it
 * (ASVS 5.0 3.5.5). Each element carries an address on a host of its own (`*.invalid`, never resolved), so that
 * an element the page let in is told from the page's own element of the same name, and a payer sent there is seen.
 */
import { randomBytes } from 'node:crypto';
import { RAN_MARKER } from './hostile-text.js';

/**
 * The names page scripts read from window or document without declaring them (a configuration object, the
 * payment, where to go back to) and the document properties a named img or form shadows (cookie, currentScript).
 */
const CLOBBERED_NAMES = [
  'config',
  'pageConfig',
  'paymentConfig',
  'settings',
  'payment',
  'amount',
  'redirect',
  'redirectUrl',
  'returnUrl',
  'return_url',
  'cookie',
  'currentScript',
] as const;

/** The names a configuration object's property is read by (`config.returnUrl`): a second element of the same id names it. */
const NESTED = ['config', 'pageConfig'] as const;

export interface Clobbering {
  /** The host the elements' addresses are on: any request there is a payer sent by a clobbered value. */
  origin: string;
  /** The merchant's text: an `a` with the id, a `form` and an `img` with the name, for every name. */
  html: string;
  names: readonly string[];
}

/** Named elements for every name of CLOBBERED_NAMES, their addresses on a fresh `pts-clobber-<hex>.invalid` host. */
export function clobberingElements(): Clobbering {
  const origin = `https://pts-clobber-${randomBytes(6).toString('hex')}.invalid`;
  const at = (path: string) => `${origin}/${path}`;
  const html = [
    ...CLOBBERED_NAMES.map(
      (n) => `<a id=${n} title="${at(n)}" href="${at(n)}">${n}</a><form name=${n} action="${at(n)}"></form><img name=${n} alt="${at(n)}" title="${at(n)}">`,
    ),
    ...NESTED.map((n) => `<a id=${n} name=returnUrl title="${at(`${n}/returnUrl`)}" href="${at(`${n}/returnUrl`)}">${n}.returnUrl</a>`),
  ].join(' ');
  return { origin, html, names: CLOBBERED_NAMES };
}

/** A message posted to the page, and what it tries. */
interface HostileMessage {
  what: string;
  data: unknown;
}

/**
 * Messages a careless listener acts on: the Pay and Decline intents (as objects, bare strings in the letter case
 * of the profile's button names and lower case, JSON text), a navigation to `toAddress`, markup that runs a script
 * (it pushes onto RAN_MARKER), and data of bad syntax.
 */
export function hostileMessages(payButton: string, declineButton: string, toAddress: string): HostileMessage[] {
  const intents = [payButton, payButton.toLowerCase(), 'pay', 'submit', 'confirm'];
  const declines = [declineButton, declineButton.toLowerCase(), 'decline', 'cancel'];
  const ran = `(window.${RAN_MARKER}=window.${RAN_MARKER}||[]).push('m1')`;
  return [
    ...[...new Set(intents)].flatMap((a) => [
      { what: `Pay intent {action:"${a}"}`, data: { action: a } },
      { what: `Pay intent {type:"${a}"}`, data: { type: a } },
      { what: `Pay intent "${a}"`, data: a },
    ]),
    ...[...new Set(declines)].flatMap((a) => [
      { what: `Decline intent {type:"${a}"}`, data: { type: a } },
      { what: `Decline intent "${a}"`, data: a },
    ]),
    { what: 'Pay intent as JSON text', data: JSON.stringify({ action: 'pay' }) },
    { what: 'Decline intent as JSON text', data: JSON.stringify({ type: 'decline', event: 'decline' }) },
    { what: 'Pay intent with its amount', data: { event: 'payment', action: 'pay', status: 'confirmed', amount: 1 } },
    { what: 'navigation request', data: { action: 'redirect', type: 'navigate', url: `${toAddress}/message`, redirect_url: `${toAddress}/message` } },
    { what: 'markup to insert', data: { type: 'html', html: `<img src=x onerror="${ran}">` } },
    { what: 'bad JSON text', data: '{"action":"pay"' },
    { what: 'null', data: null },
    { what: 'an array', data: ['pay'] },
    { what: 'a number', data: 0 },
    { what: 'an action that is no string', data: { action: ['pay'], type: { name: 'pay' } } },
  ];
}
