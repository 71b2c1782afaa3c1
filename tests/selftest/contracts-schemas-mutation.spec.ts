/**
 * Every rule of every schema is load-bearing: deleting any single validation keyword, or any
 * single `required` entry, must make at least one counter-example stop holding (become valid,
 * or lose an expected diagnostic). Runs in memory; the schema files are never touched.
 */
import { test, expect } from '@playwright/test';
import { createAjv, toDiagnostics } from '../../contracts/ajv.js';
import { counterexamples, missingDiagnostics, type Counterexample } from '../../contracts/counterexamples.js';
import { validExamples } from '../../contracts/examples.js';
import { readAllSchemas, SCHEMA_FILES, SCHEMA_NAMES, schemaId, type JsonObject, type SchemaName } from '../../contracts/schema-files.js';

/** Keywords that only annotate or structure; deleting them is not "removing a rule". */
const NOT_RULES = new Set(['$schema', '$id', '$comment', '$defs', 'title', 'description', 'properties', 'contentMediaType', 'examples']);

/**
 * Deletions that change nothing observable, with the reason. The test fails if any of these
 * stops surviving too (then the entry is stale and must go).
 */
const EQUIVALENT: Record<string, string> = {
  'account2card-response#/properties/payment/type':
    'the allOf $ref to payment.schema.json already requires an object; Ajv strictTypes needs it beside properties/required',
  'account2card-response#/properties/payment/required[credentials]':
    'the allOf $ref to payment.schema.json already requires credentials; repeated so the generated CardPayment type has a non-optional credentials',
};

interface Mutation {
  id: string;
  target: SchemaName;
  schemas: Record<SchemaName, JsonObject>;
}

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
    return { id: `${name}#/${where}${where ? '/' : ''}${label}`, target: name, schemas };
  };
  for (const name of SCHEMA_NAMES) walk(name, base[name], []);
  return out;
}

/** The schemas whose validation can change when `target` changes (itself and its transitive referrers). */
function affected(target: SchemaName, texts: Record<SchemaName, JsonObject>): SchemaName[] {
  const out = new Set<SchemaName>([target]);
  for (let grew = true; grew;) {
    grew = false;
    for (const name of SCHEMA_NAMES) {
      if (out.has(name)) continue;
      const text = JSON.stringify(texts[name]);
      if ([...out].some((t) => text.includes(`${SCHEMA_FILES[t].split('/').pop()}`))) {
        out.add(name);
        grew = true;
      }
    }
  }
  return [...out];
}

/**
 * Two long-lived Ajv instances (strict, and strictTypes relaxed); for each mutation the
 * affected schemas are swapped for their mutated versions, then swapped back. Building a
 * fresh instance per mutation would recompile the meta-schema every time.
 */
function makeJudge() {
  const originals = readAllSchemas();
  const strict = createAjv({ logger: false });
  const relaxed = createAjv({ logger: false, strictTypes: false });
  const swap = (ajv: ReturnType<typeof createAjv>, names: SchemaName[], from: Record<SchemaName, JsonObject>) => {
    for (const n of names) ajv.removeSchema(schemaId(n));
    for (const n of names) ajv.addSchema(structuredClone(from[n]));
  };
  const affectedBy = Object.fromEntries(SCHEMA_NAMES.map((n) => [n, affected(n, originals)])) as Record<SchemaName, SchemaName[]>;
  const ownFirst = Object.fromEntries(
    SCHEMA_NAMES.map((n) => [n, [...counterexamples.filter((c) => c.schema === n), ...counterexamples.filter((c) => c.schema !== n)]]),
  ) as Record<SchemaName, Counterexample[]>;

  /** Why a mutation is noticed, or null when it survives. */
  return function killedBy(m: Mutation): string | null {
    const names = affectedBy[m.target];
    const run = (ajv: ReturnType<typeof createAjv>): string | null => {
      // Compiled when first asked for: the mutated schema's own counter-examples come first and most often notice.
      const compiled = new Map<SchemaName, NonNullable<ReturnType<typeof ajv.getSchema>>>();
      const validator = (n: SchemaName) => compiled.get(n) ?? compiled.set(n, ajv.getSchema(schemaId(n))!).get(n)!;
      for (const c of ownFirst[m.target]) {
        if (!names.includes(c.schema)) continue;
        const fn = validator(c.schema);
        const valid = fn(c.data) as boolean;
        if (valid || missingDiagnostics(c.expect, toDiagnostics(fn.errors)).length) return `${c.schema} rejects ${c.name}`;
      }
      for (const n of names) {
        for (const sample of validExamples[n]) if (!validator(n)(sample)) return `${n} valid sample now rejected`;
      }
      return null;
    };
    swap(strict, names, m.schemas);
    try {
      return run(strict);
    } catch {
      // Ajv strict refuses e.g. a `pattern` without `type: string`; other tools would not, so
      // the counter-examples must still notice the deletion with strictTypes relaxed.
      swap(relaxed, names, m.schemas);
      try {
        return run(relaxed);
      } finally {
        swap(relaxed, names, originals);
      }
    } finally {
      swap(strict, names, originals);
    }
  };
}

test('deleting any single rule from any schema makes a counter-example fail', () => {
  test.setTimeout(120_000);
  const all = mutations();
  const killedBy = makeJudge();
  expect(all.length).toBeGreaterThan(150);
  const verdicts = all.map((m) => ({ id: m.id, by: killedBy(m) }));
  const survivors = verdicts.filter((v) => v.by === null).map((v) => v.id);
  test.info().annotations.push({
    type: 'mutations',
    description: `${all.length} tried, ${all.length - survivors.length} noticed by a counter-example, ${survivors.length} equivalent`,
  });
  const unexpected = survivors.filter((id) => !(id in EQUIVALENT));
  const stale = Object.keys(EQUIVALENT).filter((id) => !survivors.includes(id));
  expect({ unexpected, stale }, `${all.length} mutations tried`).toEqual({ unexpected: [], stale: [] });
});
