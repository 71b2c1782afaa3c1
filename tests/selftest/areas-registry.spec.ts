// The registry of areas (contracts/areas.ts) against the tree and the configuration: a folder of conformance
// checks that no entry names would never run, an entry without its folder would run nothing, and a place of an
// order taken twice or left out would leave the dispatcher's order to chance.
import { test, expect } from '@playwright/test';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CONFORMANCE_AREAS, PROJECTS, type PerRun } from '../../contracts/areas.js';
import { REPO_ROOT } from '../../reporting/reports-dir.js';

const CONFORMANCE_DIR = 'suite/conformance';

test('every folder under suite/conformance has an entry of the registry, and every entry its folder', () => {
  const folders = readdirSync(join(REPO_ROOT, CONFORMANCE_DIR), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${CONFORMANCE_DIR}/${e.name}`);
  const areaDirs: readonly string[] = PROJECTS.filter((p) => p.kind === 'conformance').map((p) => p.testDir);
  expect(
    folders.filter((f) => !areaDirs.includes(f)),
    'folders of checks without an entry in contracts/areas.ts',
  ).toEqual([]);
  for (const p of PROJECTS) expect(statSync(join(REPO_ROOT, p.testDir), { throwIfNoEntry: false })?.isDirectory(), `${p.name}: ${p.testDir}`).toBe(true);
  // An area is chosen by its name: its folder bears it.
  for (const area of CONFORMANCE_AREAS) expect(PROJECTS.find((p) => p.name === area)?.testDir).toBe(`${CONFORMANCE_DIR}/${area}`);
});

test('names are unique, and each order takes every place once', () => {
  expect(new Set(PROJECTS.map((p) => p.name)).size).toBe(PROJECTS.length);
  for (const kind of ['run', 'matrix'] as const satisfies readonly (keyof PerRun)[]) {
    const places = PROJECTS.map((p) => p.place[kind]).sort((a, b) => a - b);
    expect(places, `places of the ${kind} order`).toEqual(PROJECTS.map((_, i) => i + 1));
  }
  expect(
    PROJECTS.filter((p) => 'wholeRun' in p),
    'one whole-run teardown',
  ).toHaveLength(1);
});
