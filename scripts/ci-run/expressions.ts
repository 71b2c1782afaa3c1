// The few GitHub Actions expressions action.yml uses, evaluated as the runner does, for the runner of its composite
// steps (composite-action.ts). Exactly these forms: a value `inputs.NAME`, `github.action_path`,
// `steps.ID.outputs.NAME` (in `${{ }}` anywhere in a string), and an `if:` that is a conjunction (`&&`) of
// `always()`, `success()`, `failure()`, `cancelled()`, `!cancelled()`, and VALUE == 'text' / VALUE != 'text'. Anything
// else throws: an expression this runner does not understand must fail the check, not be skipped as false.

/** What an expression can read. */
export interface ExpressionContext {
  inputs: Readonly<Record<string, string>>;
  github: { action_path: string };
  /** The outputs of the steps run so far, by id; `stepIds` are all the action declares. */
  steps: Readonly<Record<string, Readonly<Record<string, string>>>>;
  stepIds: ReadonlySet<string>;
  /** False once a step has failed (the job's status, as success() and failure() read it). */
  succeeded: boolean;
}

export class ExpressionError extends Error {
  override name = 'ExpressionError';
}

const NAME = '[A-Za-z_][A-Za-z0-9_-]*';
const VALUE = new RegExp(`^(?:inputs\\.(${NAME})|github\\.action_path|steps\\.(${NAME})\\.outputs\\.(${NAME}))$`);

/** The value of a reference (`inputs.base-url`); throws on any other expression. */
export function valueOf(expression: string, ctx: ExpressionContext): string {
  const m = VALUE.exec(expression.trim());
  if (!m) throw new ExpressionError(`unsupported expression: ${expression.trim()}`);
  const [, input, step, output] = m;
  if (input !== undefined) {
    if (!(input in ctx.inputs)) throw new ExpressionError(`inputs.${input}: no such input in action.yml`);
    return ctx.inputs[input]!;
  }
  if (step !== undefined) {
    if (!ctx.stepIds.has(step)) throw new ExpressionError(`steps.${step}: no step has that id`);
    return ctx.steps[step]?.[output!] ?? ''; // a step skipped, or one that did not set it: empty, as on GitHub
  }
  return ctx.github.action_path;
}

/** `text` with each `${{ VALUE }}` replaced by its value. */
export function substitute(text: string, ctx: ExpressionContext): string {
  const out = text.replace(/\$\{\{(.*?)\}\}/gs, (_, inner: string) => valueOf(inner, ctx));
  if (out.includes('${{')) throw new ExpressionError(`an unclosed expression in: ${text}`);
  return out;
}

type Token = { kind: 'and' | 'not' | 'eq' | 'ne' | 'call' | 'text' | 'value'; text: string };

const TOKEN = /\s*(?:(&&)|(\|\||\(|\))|(==)|(!=)|(!)|([a-z]+)\(\)|'((?:[^']|'')*)'|([A-Za-z_][A-Za-z0-9_.-]*))/y;

function tokens(condition: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < condition.length) {
    const at = TOKEN.lastIndex;
    if (condition.slice(at).trim() === '') break;
    const m = TOKEN.exec(condition);
    if (!m) throw new ExpressionError(`unsupported condition at "${condition.slice(at)}": ${condition}`);
    const [, and, other, eq, ne, not, call, text, value] = m;
    if (other !== undefined) throw new ExpressionError(`unsupported condition ("${other}" is not evaluated here): ${condition}`);
    if (and) out.push({ kind: 'and', text: and });
    else if (eq) out.push({ kind: 'eq', text: eq });
    else if (ne) out.push({ kind: 'ne', text: ne });
    else if (not) out.push({ kind: 'not', text: not });
    else if (call !== undefined) out.push({ kind: 'call', text: call });
    else if (text !== undefined) out.push({ kind: 'text', text: text.replace(/''/g, "'") });
    else out.push({ kind: 'value', text: value! });
  }
  return out;
}

const STATUS = ['always', 'success', 'failure', 'cancelled'] as const;

/** One term of the conjunction; `status` is set when it is a status function. */
function term(t: Token[], condition: string, ctx: ExpressionContext): { value: boolean; status: boolean } {
  const kinds = t.map((x) => x.kind).join(' ');
  const call = (name: string) => {
    if (!(STATUS as readonly string[]).includes(name)) throw new ExpressionError(`unsupported function ${name}(): ${condition}`);
    // No run here is ever cancelled.
    return name === 'always' ? true : name === 'success' ? ctx.succeeded : name === 'failure' ? !ctx.succeeded : false;
  };
  if (kinds === 'call') return { value: call(t[0]!.text), status: true };
  if (kinds === 'not call' && t[1]!.text === 'cancelled') return { value: !call('cancelled'), status: true };
  // GitHub compares strings ignoring case.
  if (kinds === 'value eq text' || kinds === 'value ne text') {
    const same = valueOf(t[0]!.text, ctx).toLowerCase() === t[2]!.text.toLowerCase();
    return { value: t[1]!.kind === 'eq' ? same : !same, status: false };
  }
  throw new ExpressionError(`unsupported condition term "${t.map((x) => x.text).join(' ')}": ${condition}`);
}

/** Whether a step with this `if:` runs. No status function in it: success() && it, as on GitHub. */
export function conditionHolds(condition: string | undefined, ctx: ExpressionContext): boolean {
  if (condition === undefined) return ctx.succeeded;
  let text = condition.trim();
  const wrapped = /^\$\{\{(.*)\}\}$/s.exec(text);
  if (wrapped) text = wrapped[1]!;
  if (text.includes('${{')) throw new ExpressionError(`unsupported condition: ${condition}`);
  const all = tokens(text);
  const terms: Token[][] = [[]];
  for (const t of all) {
    if (t.kind === 'and') terms.push([]);
    else terms.at(-1)!.push(t);
  }
  if (terms.some((t) => t.length === 0)) throw new ExpressionError(`unsupported condition: ${condition}`);
  const results = terms.map((t) => term(t, condition, ctx));
  const holds = results.every((r) => r.value);
  return results.some((r) => r.status) ? holds : ctx.succeeded && holds;
}
