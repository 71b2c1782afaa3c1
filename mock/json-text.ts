/**
 * JSON.stringify that never overflows the stack: a parsed request body may nest far deeper
 * than the recursive built-in can serialise (JSON.parse itself is not recursive). Plain
 * JSON values only (what JSON.parse produces).
 */
export function stringifyJson(value: unknown, indent = 0, level = 0, number?: (n: number) => string): string {
  if (number) return stringifyIteratively(value, indent, level, number);
  try {
    if (indent === 0) return JSON.stringify(value);
    const text = JSON.stringify(value, null, indent);
    return level === 0 ? text : text.replaceAll('\n', `\n${' '.repeat(indent * level)}`);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return stringifyIteratively(value, indent, level);
  }
}

type Frame = { keys: string[] | null; node: unknown; i: number };

/**
 * `indent` spaces per level (0: compact), the first line at `level` (for a value nested in hand-written JSON);
 * numbers as `number` writes them (default JSON.stringify's way).
 */
function stringifyIteratively(root: unknown, indent: number, level: number, number?: (n: number) => string): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const newline = (depth: number) => {
    if (indent > 0) out.push('\n', ' '.repeat(indent * (level + depth)));
  };
  const open = (v: unknown): void => {
    if (v === null || typeof v !== 'object') {
      out.push(typeof v === 'number' && number ? number(v) : (JSON.stringify(v) ?? 'null'));
      return;
    }
    if (Array.isArray(v)) {
      out.push('[');
      stack.push({ keys: null, node: v, i: 0 });
    } else {
      out.push('{');
      stack.push({ keys: Object.keys(v), node: v, i: 0 });
    }
  };
  open(root);
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    const size = f.keys === null ? (f.node as unknown[]).length : f.keys.length;
    if (f.i >= size) {
      if (size > 0) newline(stack.length - 1);
      out.push(f.keys === null ? ']' : '}');
      stack.pop();
      continue;
    }
    if (f.i > 0) out.push(',');
    newline(stack.length);
    if (f.keys === null) open((f.node as unknown[])[f.i++]);
    else {
      const k = f.keys[f.i++]!;
      out.push(JSON.stringify(k), indent > 0 ? ': ' : ':');
      open((f.node as Record<string, unknown>)[k]);
    }
  }
  return out.join('');
}

/** Nesting depth of a parsed JSON value (iterative), stopping once past `limit`. */
export function depthExceeds(root: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > limit) return true;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}
