/**
 * JSON.stringify that never overflows the stack: a parsed request body may nest far deeper
 * than the recursive built-in can serialise (JSON.parse itself is not recursive). Plain
 * JSON values only (what JSON.parse produces).
 */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return stringifyIteratively(value);
  }
}

type Frame = { keys: string[] | null; node: unknown; i: number };

function stringifyIteratively(root: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = (v: unknown): void => {
    if (v === null || typeof v !== 'object') {
      out.push(JSON.stringify(v) ?? 'null');
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
    if (f.keys === null) {
      const arr = f.node as unknown[];
      if (f.i >= arr.length) {
        out.push(']');
        stack.pop();
        continue;
      }
      if (f.i > 0) out.push(',');
      open(arr[f.i++]);
    } else {
      const obj = f.node as Record<string, unknown>;
      if (f.i >= f.keys.length) {
        out.push('}');
        stack.pop();
        continue;
      }
      const k = f.keys[f.i++]!;
      if (f.i > 1) out.push(',');
      out.push(JSON.stringify(k), ':');
      open(obj[k]);
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
