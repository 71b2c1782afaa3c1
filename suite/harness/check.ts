// What a check is: one named check function per rule (or tight group of rules) of the interface document
// and the profile, parameterised by operation where the document states the same rule for several
// operations. A check is data (its name, title and rules) plus a body that passes, skips with a reason
// (requireProfile) or throws a CheckFailure naming the rule it found broken. The checks are in
// suite/checks/; suite/runner/ turns them into Playwright tests, area by area (suite/conformance/).
import { test, type Page } from '@playwright/test';
import type { RuleId } from '../../contracts/index.js';
import type { DeclaredRequests } from '../../contracts/run-protocol.js';
import type { CallbackInbox } from './callback-receiver.js';
import type { ProviderApi } from './provider-api.js';
import { maskPan } from '../../contracts/redaction.js';

/** What every check works with: the signed client of the provider under test and the callback inbox. */
export interface ApiContext {
  api: ProviderApi;
  inbox: CallbackInbox;
}

/** Browser checks also drive a page (the payment page behind redirect_url). */
export interface BrowserContext extends ApiContext {
  page: Page;
}

/** A check that may not need a page: it opens one only when it asks (a browser context of its own, closed after it). */
interface PageOnDemandContext extends ApiContext {
  openPage(): Promise<Page>;
}

interface CheckBase {
  /** The check function and its arguments, e.g. `amountOutOfRangeRejected(account2card)`: how a reader finds it. */
  name: string;
  /** What the check shows, as a sentence: the test title. */
  title: string;
  /** The rules it enforces, the first deciding its kind (@documented or @profile). */
  rules: readonly [RuleId, ...RuleId[]];
  /** A fast-check property: its depth follows FC_NUM_RUNS / TIME_BUDGET. */
  property?: boolean;
  /** A costly check that is not a property: about how many requests it sends, for certification's depth plan. */
  requests?: DeclaredRequests;
  /** Checks that judge one look at the provider, taken once: one worker runs those sharing the value, in turn. */
  sharesLook?: string;
}

export interface ApiCheck extends CheckBase {
  browser?: false;
  run(ctx: ApiContext): Promise<void>;
}

export interface BrowserCheck extends CheckBase {
  browser: true;
  run(ctx: BrowserContext): Promise<void>;
}

/** A browser check whose page is opened on demand: those sharing a look open one only for the check that takes it. */
export interface PageOnDemandCheck extends CheckBase {
  browser: 'on demand';
  run(ctx: PageOnDemandContext): Promise<void>;
}

export type Check = ApiCheck | BrowserCheck | PageOnDemandCheck;

/** Skips the current check, with the reason in the report, when the profile or configuration lacks what it needs. */
export function requireProfile(condition: unknown, reason: string): asserts condition {
  test.skip(!condition, reason);
}

/** Skips the current check when the profile serves no payment page; `why` says what that leaves undone. */
export function requirePaymentPage(api: ProviderApi, why?: string): void {
  requireProfile(api.profile.paymentPage.enabled, `profile paymentPage.enabled is false${why ? `: ${why}` : ''}`);
}

/**
 * One named step of a check (a variant, a case): reports show each, and a failure says in which. A card number the
 * label quotes (a variant's value) is masked: the label is written before the request that would register it.
 */
export function step<T>(label: string, body: () => Promise<T>): Promise<T> {
  return test.step(label.replace(/\d{13,}/g, maskPan), body);
}
