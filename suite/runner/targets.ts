// Targets: the providers one run judges. A normal run has one, the provider at BASE_URL or the embedded
// one. A matrix run (the kill matrix, the variation matrix, the profile-variant tests, the hostile providers)
// judges many in one Playwright invocation: a plan file (PTS_PLAN) lists them, global setup starts an embedded
// provider for each that names no address of its own, and every area's spec declares its checks once per
// target that includes the area. One runner, one set of workers, for all of them.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RuleId } from '../../contracts/index.js';
import { ANNOTATION, RUN_ENV } from '../../contracts/run-protocol.js';
import type { TestInfo } from '@playwright/test';

/** How a matrix target is judged: 'judge' (failures fail the test) or 'observe' (failures are recorded, the test passes). */
/** The name of the provider under test outside a matrix run (its ledger is kept under it). */
export const MAIN_TARGET = 'main';

type TargetMode = 'judge' | 'observe';

/** One target of a plan. */
export interface TargetPlan {
  /** Unique; prefixes the titles of its tests ("fault deeplink-two: ..."). */
  name: string;
  /** Options of the embedded provider started for it: faults, variations, the PROFILE file it follows, others. */
  provider?: { faults?: string[]; variations?: string[]; profile?: string; options?: Record<string, unknown> };
  /** A provider already running there (a server the caller started) instead of an embedded one; `provider` is then unused. */
  baseUrl?: string;
  /** PROFILE the suite judges this target with (a file); default the run's. */
  profile?: string;
  /** The areas (conformance projects) whose checks run against it; default all. */
  projects?: string[];
  /** Only checks declaring one of these rules run against it; default all. */
  rules?: RuleId[];
  /** In the areas named, only checks declaring one of these rules (instead of `rules`). */
  rulesIn?: Record<string, RuleId[]>;
  mode?: TargetMode;
  /**
   * An observed target whose verdict one failure decides (a fault killed by its rule, a profile variant told apart):
   * once a CheckFailure names one of its `rules` (any rule, without them), its checks not yet started are skipped,
   * as a mutation tester stops at the first test that kills a mutant.
   */
  decidedByOne?: boolean;
  /** Runs per property for its checks; default the run's. */
  numRuns?: number;
}

export interface Plan {
  targets: TargetPlan[];
}

let cached: { file: string; plan: Plan } | undefined;

/** The run's plan, or undefined for a normal run. */
export function loadPlan(env: NodeJS.ProcessEnv = process.env): Plan | undefined {
  const file = env[RUN_ENV.plan]?.trim();
  if (!file) return undefined;
  if (cached?.file !== file) cached = { file, plan: JSON.parse(readFileSync(file, 'utf8')) as Plan };
  return cached.plan;
}

/** The plan entry of the running test's target; undefined in a normal run. */
export function targetOf(info: Pick<TestInfo, 'annotations'>): TargetPlan | undefined {
  const name = info.annotations.find((a) => a.type === ANNOTATION.target)?.description;
  return name === undefined ? undefined : loadPlan()?.targets.find((t) => t.name === name);
}

/** Where a deciding target's verdict is kept while the run lasts: beside the plan file, one file per target. */
function decisionFile(target: TargetPlan, env: NodeJS.ProcessEnv = process.env): string {
  const plan = env[RUN_ENV.plan]?.trim();
  if (!plan) throw new Error(`decisionFile: not a matrix run (${RUN_ENV.plan} is not set)`);
  return join(dirname(plan), `decided-${createHash('sha256').update(target.name).digest('hex').slice(0, 16)}`);
}

/** Whether the failure decides the target's verdict; then records it, once, for the target's other checks. */
export function recordDecision(target: TargetPlan, failure: { rule: string }, check: string): boolean {
  if (!target.decidedByOne || (target.rules && !(target.rules as readonly string[]).includes(failure.rule))) return false;
  try {
    writeFileSync(decisionFile(target), `${check} failed naming ${failure.rule}`, { flag: 'wx' });
  } catch (e) {
    // EEXIST: another check decided it first. Anything else only costs the skips: the verdict is the failure's.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') console.warn(`the decision of ${target.name} was not kept: ${(e as Error).message}`);
  }
  return true;
}

/** What already decided the target's verdict, when something has. */
export function decisionOf(target: TargetPlan): string | undefined {
  if (!target.decidedByOne) return undefined;
  try {
    return readFileSync(decisionFile(target), 'utf8');
  } catch {
    return undefined;
  }
}

/** The base URL global setup started for a target. */
export function targetUrl(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const urls = JSON.parse(env[RUN_ENV.targetUrls] ?? '{}') as Record<string, string>;
  const url = urls[name];
  if (!url) throw new Error(`no provider was started for target '${name}' (global setup publishes ${RUN_ENV.targetUrls})`);
  return url;
}

/** The rules that narrow a target's checks in one area: its own for the area, else its general ones; undefined for all. */
export function rulesOfTargetIn(target: TargetPlan, area: string): readonly RuleId[] | undefined {
  return target.rulesIn?.[area] ?? target.rules;
}
