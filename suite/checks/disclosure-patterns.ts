// What an error answer must not carry (ASVS 5.0 16.5.1; API8:2023): the signatures of internals, as precise as
// the kinds of text that give them away, so that a message that merely says more ("the signature does not
// match", "unexpected end of JSON input at position 12", a request id, the documented digest formula) is no
// finding. ZAP's error signatures (ascanrules 40008, pscanrules 90022) are the model. Server banners and
// versions are left out: the profile lets headers such as Server and X-Powered-By carry them.

interface Disclosure {
  /** What the match reveals, for the failure message. */
  what: string;
  pattern: RegExp;
}

/** Runtime exception classes whose name alone tells the language and that an exception escaped. */
const EXCEPTION_NAMES = [
  'TypeError',
  'ReferenceError',
  'SyntaxError',
  'RangeError',
  'NullPointerException',
  'NumberFormatException',
  'IllegalArgumentException',
  'IllegalStateException',
  'ClassCastException',
  'ArrayIndexOutOfBoundsException',
  'NullReferenceException',
  'InvalidCastException',
  'ArgumentNullException',
  'KeyError',
  'ValueError',
  'AttributeError',
  'IndexError',
  'JSONDecodeError',
  'UnicodeDecodeError',
  'JsonParseException',
  'JsonMappingException',
  'MismatchedInputException',
  'SQLException',
  'PDOException',
];

const DISCLOSURES: readonly Disclosure[] = [
  {
    what: 'a JavaScript stack frame',
    pattern: /\bat (?:async )?(?:[\w$.<>[\]]+ )?\(?(?:(?:file:\/\/|node:|\/|[A-Za-z]:\\)[^\s()]*:\d+:\d+|<anonymous>)\)?/,
  },
  {
    what: 'a Java stack frame',
    pattern: /\bat (?:[\w$.@-]+\/)?(?:[\w$]+\.)+[\w$<>]+\((?:[\w$]+\.(?:java|kt|scala|groovy):\d+|Native Method|Unknown Source)\)|^Caused by: /m,
  },
  { what: 'a .NET stack frame', pattern: /\bat [\w.`<>]+\([^)]*\) in [^\n]*:line \d+/ },
  { what: 'a Python traceback', pattern: /Traceback \(most recent call last\)|\bFile "[^"]+", line \d+/ },
  { what: 'a Ruby backtrace', pattern: /\.rb:\d+:in [`']/ },
  { what: 'a PHP error or trace', pattern: /Stack trace:\s*#0|\.php(?: on line \d+|:\d+\b|\(\d+\))/ },
  { what: 'a Go panic', pattern: /goroutine \d+ \[[a-z ]+\]:|\.go:\d+ \+0x[0-9a-f]+/ },
  {
    what: 'a file path of the server',
    pattern: /(?:^|[\s"'(=,[])(?:\/(?:home|usr|var|srv|opt|app|etc|root|tmp|workspace|builds?|src)\/[\w.@+-]+\/|[A-Za-z]:\\(?:[\w.@+ -]+\\)+)/m,
  },
  { what: 'a dependency directory', pattern: /node_modules[\\/]|site-packages[\\/]|WEB-INF[\\/]|\bvendor\/[\w-]+\/[\w-]+\// },
  {
    what: 'an exception class name',
    pattern: new RegExp(`\\b(?:[a-z_][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)\\b|\\bSystem\\.[\\w.]*Exception\\b|\\b(?:${EXCEPTION_NAMES.join('|')})\\b`),
  },
  {
    what: 'a database error',
    pattern:
      /SQLSTATE|\bORA-\d{5}\b|syntax error at or near|You have an error in your SQL syntax|violates (?:unique|foreign key|not-null|check) constraint|duplicate key value|Duplicate entry '.*' for key|\bSQLITE_[A-Z]+\b|\bER_[A-Z_]{4,}\b|unterminated quoted string|\bpsycopg2?\b|\bPG::\w+|MongoServerError|\bE11000\b/,
  },
  { what: 'an SQL statement', pattern: /\b(?:SELECT\s+[\w*,\s."`]+\s+FROM|INSERT\s+INTO|UPDATE\s+[\w."`]+\s+SET|DELETE\s+FROM)\s+[\w."`]/ },
  { what: 'a system error code', pattern: /\bE(?:CONNREFUSED|CONNRESET|TIMEDOUT|NOTFOUND|ADDRINUSE|ACCES|NOENT|PIPE)\b/ },
  { what: 'a framework debug page', pattern: /Whitelabel Error Page|Werkzeug Debugger|DEBUG = True|Django Version:|Application Error Trace/ },
  { what: 'the content of a system file', pattern: /root:[^:\n]*:0:0:/ },
];

/** Text a provider may echo back (what the suite sent): removed before the patterns look, as written and as JSON writes it. */
function withoutEchoes(text: string, sent: readonly string[]): string {
  let out = text;
  for (const s of [...sent].filter((x) => x.length >= 3).sort((a, b) => b.length - a.length))
    for (const form of new Set([s, JSON.stringify(s).slice(1, -1)])) out = out.split(form).join(' ');
  return out;
}

/** The first disclosure in `text` once the echoes of `sent` are removed, with the text around it. */
export function findDisclosure(text: string, sent: readonly string[] = []): { what: string; excerpt: string } | undefined {
  const own = withoutEchoes(text, sent);
  for (const d of DISCLOSURES) {
    const m = d.pattern.exec(own);
    if (m) return { what: d.what, excerpt: own.slice(Math.max(0, m.index - 60), m.index + m[0].length + 60).replace(/\s+/g, ' ') };
  }
  return undefined;
}

/** The strings a value is made of (keys and values, at any depth), in order: the text a JSON answer says. */
export function stringsOf(value: unknown): string[] {
  const out: string[] = [];
  // A stack, not recursion: a body 10 000 levels deep is one of the inputs.
  const todo: unknown[] = [value];
  while (todo.length > 0) {
    const v = todo.pop();
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) todo.push(...[...v].reverse());
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v).reverse()) todo.push(x, k);
  }
  return out;
}
