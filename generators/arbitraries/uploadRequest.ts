import fc from 'fast-check';
import { isUtf8 } from 'node:buffer';
import type { MerchantCredentials } from '../signing.js';
import { classed, selectClasses, valueClass, type ValueClass } from './classed.js';

/** One vehicle row of the upload file. */
export interface Vehicle {
  /** Russian registration plate, e.g. `А123ВС77` (Cyrillic letters that have Latin look-alikes). */
  plate: string;
  /** 17-character VIN (no I, O, Q) with a valid check digit in position 9. */
  vin: string;
  brand: string;
  model: string;
  year: number;
}

/** The upload request as the sender needs it: the `api_key` text part and the `file` part. */
export interface UploadRequestValue {
  api_key: string;
  file: {
    filename: string;
    contentType: string;
    bytes: Uint8Array;
  };
}

/** Options of {@link uploadRequest}. */
export interface UploadRequestConstraints {
  /** Formats of the `vehicle-file` content class. Default both. */
  formats?: readonly ('csv' | 'json')[];
  /** Fewest vehicle rows of a vehicle file. Default 1. */
  minVehicles?: number;
  /** Most vehicle rows of a vehicle file (the `largest` class repeats rows up to its size). Default 20. */
  maxVehicles?: number;
  /** Largest file the provider takes (profile `upload.maxFileBytes`): the `largest` class sends exactly this many bytes. Default 10 MiB. */
  maxFileBytes?: number;
  /** Names of the classes to draw from, per part (see {@link uploadFileNameClasses}, {@link uploadContentTypeClasses}, {@link uploadContentClasses}). Default all. */
  classes?: { filename?: readonly string[]; contentType?: readonly string[]; bytes?: readonly string[] };
}

/** The default profile's largest upload: "a file over 10 MiB" is refused. */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

const PLATE_LETTERS = 'АВЕКМНОРСТУХ';
const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
// Shortest first: fc.constantFrom shrinks toward its first value.
const CARS: readonly (readonly [string, string])[] = [
  ['Kia', 'Rio'],
  ['LADA', 'Vesta'],
  ['LADA', 'Granta'],
  ['Hyundai', 'Solaris'],
  ['Toyota', 'Camry'],
  ['Volkswagen', 'Polo'],
  ['Škoda', 'Octavia'],
  ['ГАЗ', 'Газель Next'],
  ['КАМАЗ', '5490'],
  ['Renault', 'Logan'],
];

/** The VIN check digit (ISO 3779 / North American rule), `0`-`9` or `X`. */
export function vinCheckDigit(vin17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin17[i];
    const v = c >= '0' && c <= '9' ? Number(c) : VIN_VALUES[c];
    sum += v * VIN_WEIGHTS[i];
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

function plate(): fc.Arbitrary<string> {
  const letter = fc.constantFrom(...PLATE_LETTERS);
  return fc
    .tuple(letter, fc.integer({ min: 1, max: 999 }), letter, letter, fc.constantFrom('77', '78', '50', '99', '197', '777', '799', '16', '66'))
    .map(([a, n, b, c, region]) => `${a}${String(n).padStart(3, '0')}${b}${c}${region}`);
}

function vin(): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...VIN_ALPHABET), { minLength: 17, maxLength: 17 }).map((chars) => {
    const raw = chars.join('');
    const withPlaceholder = raw.slice(0, 8) + '0' + raw.slice(9);
    return raw.slice(0, 8) + vinCheckDigit(withPlaceholder) + raw.slice(9);
  });
}

function vehicle(): fc.Arbitrary<Vehicle> {
  return fc
    .record({ plate: plate(), vin: vin(), car: fc.constantFrom(...CARS), year: fc.integer({ min: 1995, max: 2026 }) })
    .map(({ plate: p, vin: v, car, year }) => ({ plate: p, vin: v, brand: car[0], model: car[1], year }));
}

const csvField = (s: string | number): string => {
  const t = String(s);
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};

/** The vehicles as a CSV file (header row, CRLF line ends, UTF-8). */
export function vehiclesCsv(vehicles: readonly Vehicle[]): string {
  const rows = [['plate', 'vin', 'brand', 'model', 'year'], ...vehicles.map((v) => [v.plate, v.vin, v.brand, v.model, v.year])];
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const utf8 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

// Windows-1251, the encoding a Russian spreadsheet saves CSV in: Cyrillic letters, Ё/ё and №; other
// non-ASCII characters become '?'.
function cp1251(text: string): Uint8Array {
  const out: number[] = [];
  for (const c of text) {
    const u = c.codePointAt(0)!;
    if (u < 0x80) out.push(u);
    else if (u >= 0x410 && u <= 0x44f) out.push(u - 0x410 + 0xc0);
    else if (u === 0x401) out.push(0xa8);
    else if (u === 0x451) out.push(0xb8);
    else if (u === 0x2116) out.push(0xb9);
    else out.push(0x3f);
  }
  return new Uint8Array(out);
}

/** A CSV vehicle file of exactly `size` bytes: a header, whole rows, then line feeds. */
function csvOfSize(vehicles: readonly Vehicle[], size: number): Uint8Array {
  const [header, ...rows] = vehiclesCsv(vehicles)
    .split('\r\n')
    .filter((l) => l !== '')
    .map((l) => Buffer.from(`${l}\r\n`, 'utf8'));
  const bytes = Buffer.alloc(size, 0x0a);
  let at = header!.copy(bytes, 0, 0, Math.min(header!.length, size));
  for (let i = 0; rows.length > 0 && at + rows[i % rows.length]!.length <= size; i++) at += rows[i % rows.length]!.copy(bytes, at);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

const CSV_HEADER = 'plate,vin,brand,model,year';

/** Whether bytes are a UTF-8 JSON array (a JSON vehicle file). */
const isVehicleJson = (b: Uint8Array): boolean => {
  try {
    return isUtf8(b) && Array.isArray(JSON.parse(Buffer.from(b).toString('utf8')));
  } catch {
    return false;
  }
};

/** Whether bytes are a UTF-8 CSV vehicle file (BOM allowed, CRLF or LF). */
const isVehicleCsv = (b: Uint8Array): boolean => {
  if (!isUtf8(b)) return false;
  return (
    Buffer.from(b)
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split(/\r?\n/)[0] === CSV_HEADER
  );
};

/**
 * The value classes of the file's content. The document shows no field of the vehicle file and
 * the profile refuses only a missing file and one over 10 MiB, so any non-empty content is valid:
 * `vehicle-file` (UTF-8 CSV, sometimes with a BOM or LF line ends, or JSON), `largest` (exactly
 * `maxFileBytes` bytes; drawn only in a property's first runs, 10 MiB values being too heavy for
 * thousand-run self-tests), `tiny` (1 to 3 bytes), `legacy-encoding` (Windows-1251 CSV with
 * semicolons, as Russian spreadsheets save it: not UTF-8) and `binary` (an XLSX-like ZIP header
 * and random bytes). Five classes, so that the upload check's five runs meet them all. An empty
 * file is not generated: the profile counts an empty value as missing.
 */
export function uploadContentClasses(constraints: UploadRequestConstraints = {}): ValueClass<Uint8Array>[] {
  const formats = constraints.formats ?? ['csv', 'json'];
  const minVehicles = constraints.minVehicles ?? 1;
  const maxVehicles = constraints.maxVehicles ?? 20;
  const maxFileBytes = constraints.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  if (formats.length === 0) throw new Error('uploadRequest: formats must name at least one format');
  if (!Number.isInteger(minVehicles) || !Number.isInteger(maxVehicles) || minVehicles < 0 || minVehicles > maxVehicles) {
    throw new Error(`uploadRequest: need integers 0 <= minVehicles <= maxVehicles, got ${minVehicles}..${maxVehicles}`);
  }
  if (!Number.isInteger(maxFileBytes) || maxFileBytes < 1024) throw new Error(`uploadRequest: maxFileBytes must be an integer >= 1024, got ${maxFileBytes}`);
  const vehicles = fc.array(vehicle(), { minLength: minVehicles, maxLength: maxVehicles });
  const all: ValueClass<Uint8Array>[] = [
    valueClass(
      'vehicle-file',
      // CSV (sometimes with a BOM, sometimes LF line ends) or JSON, as the formats constraint allows.
      fc.tuple(fc.constantFrom(...formats), vehicles, fc.boolean(), fc.boolean()).map(([format, vs, bom, lf]) => {
        if (format === 'json') return utf8(JSON.stringify(vs, null, 2));
        const text = vehiclesCsv(vs);
        return utf8((bom ? '\ufeff' : '') + (lf ? text.replace(/\r\n/g, '\n') : text));
      }),
      (b) => isVehicleCsv(b) || isVehicleJson(b),
      4,
    ),
    valueClass(
      'largest',
      fc.array(vehicle(), { minLength: 1, maxLength: 5 }).map((vs) => csvOfSize(vs, maxFileBytes)),
      (b) => b.length === maxFileBytes,
      0,
    ),
    valueClass<Uint8Array>('tiny', fc.uint8Array({ minLength: 1, maxLength: 3 }), (b) => b.length >= 1 && b.length <= 3),
    valueClass(
      'legacy-encoding',
      vehicles.map((vs) => {
        const rows = vs.map((v) => [v.plate, v.vin, v.brand, v.model, v.year].join(';'));
        return cp1251(['госномер;VIN;марка;модель;год', ...rows].join('\r\n') + '\r\n');
      }),
      (b) => b.length > 0 && !isUtf8(b),
    ),
    valueClass<Uint8Array>(
      'binary',
      fc.uint8Array({ minLength: 0, maxLength: 4096 }).map((rest) => new Uint8Array([...ZIP_MAGIC, ...rest])),
      (b) => ZIP_MAGIC.every((m, i) => b[i] === m),
    ),
  ];
  return selectClasses('uploadRequest', all, constraints.classes?.bytes);
}

const NAMES = ['vehicles', 'transports', 'fleet-2026'];
const NAME_PUNCTUATION = /[ ();,&='[\]!#]/;

/**
 * The value classes of the file part's name, which the document does not mention and the
 * reference provider ignores: `plain`, `unicode` (Cyrillic, astral), `punctuation-and-spaces`,
 * `case-and-extension` (upper case, none, several, a bare dot file) and `long` (200 to 255
 * characters, the usual file-system limit). No quote, backslash, CR or LF: the sender's
 * multipart encoder rewrites them (HTML form encoding) before they reach a provider.
 */
export function uploadFileNameClasses(constraints: UploadRequestConstraints = {}): ValueClass<string>[] {
  const ext = fc.constantFrom('csv', 'json', 'xlsx', 'txt');
  const all: ValueClass<string>[] = [
    valueClass<string>(
      'plain',
      fc.tuple(fc.constantFrom(...NAMES), ext).map(([n, e]) => `${n}.${e}`),
      (n) => /^[a-z0-9-]+\.[a-z]+$/.test(n),
      3,
    ),
    valueClass<string>(
      'unicode',
      fc.tuple(fc.constantFrom('автопарк', 'Реестр ТС 2026', '🚗 fleet', '𠮷野', 'véhicules', 'ёлка'), ext).map(([n, e]) => `${n}.${e}`),
      (n) => /[^\x00-\x7f]/.test(n),
    ),
    valueClass<string>(
      'punctuation-and-spaces',
      fc
        .tuple(fc.constantFrom('fleet (copy 2)', 'my fleet; final, v2', 'a&b=c', "O'Brien's fleet", '[draft] fleet', 'fleet #7!'), ext)
        .map(([n, e]) => `${n}.${e}`),
      (n) => NAME_PUNCTUATION.test(n),
    ),
    valueClass<string>(
      'case-and-extension',
      fc.constantFrom('VEHICLES.CSV', 'fleet.Json', 'fleet', 'fleet.tar.gz', '.csv', 'fleet.csv.txt'),
      (n) => !n.includes('.') || n.startsWith('.') || n.split('.').length > 2 || /[A-Z]/.test(n.slice(n.lastIndexOf('.'))),
    ),
    valueClass<string>(
      'long',
      fc.tuple(fc.integer({ min: 200, max: 255 }), ext).map(([length, e]) => `fleet-${'x'.repeat(length - 7 - e.length)}.${e}`),
      (n) => n.length >= 200 && n.length <= 255,
    ),
  ];
  return selectClasses('uploadRequest', all, constraints.classes?.filename);
}

/**
 * The value classes of the file part's media type, which the profile does not constrain:
 * `text-csv`, `json`, `octet-stream`, `with-parameters` (a charset) and `other-types` (what
 * browsers send for spreadsheets and CSV: `application/vnd.ms-excel`, ...). All lower case: the
 * platform's Blob lowercases a type before it is sent, so upper case would never reach a provider.
 */
export function uploadContentTypeClasses(constraints: UploadRequestConstraints = {}): ValueClass<string>[] {
  const OTHER = [
    'text/plain',
    'application/vnd.ms-excel',
    'application/x-csv',
    'text/comma-separated-values',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ];
  const all: ValueClass<string>[] = [
    valueClass<string>('text-csv', fc.constant('text/csv'), (t) => t === 'text/csv', 3),
    valueClass<string>('json', fc.constant('application/json'), (t) => t === 'application/json'),
    valueClass<string>('octet-stream', fc.constant('application/octet-stream'), (t) => t === 'application/octet-stream'),
    valueClass<string>(
      'with-parameters',
      fc.constantFrom('text/csv; charset=utf-8', 'text/csv;charset=windows-1251', 'application/json; charset=utf-8', 'text/csv; header=present'),
      (t) => /^[a-z]+\/[a-z0-9.+-]+ ?;/.test(t),
    ),
    valueClass<string>('other-types', fc.constantFrom(...OTHER), (t) => OTHER.includes(t)),
  ];
  return selectClasses('uploadRequest', all, constraints.classes?.contentType);
}

/**
 * A vehicle file upload: the merchant's `api_key` and a file part whose name, media type and
 * content are drawn independently from their classes ({@link uploadFileNameClasses},
 * {@link uploadContentTypeClasses}, {@link uploadContentClasses}), class i at run i of a
 * property's first runs, then by weight (a UTF-8 CSV named `vehicles.csv` most often).
 */
export function uploadRequest(creds: MerchantCredentials, constraints: UploadRequestConstraints = {}): fc.Arbitrary<UploadRequestValue> {
  return fc
    .record({
      filename: classed('uploadRequest', uploadFileNameClasses(constraints)),
      contentType: classed('uploadRequest', uploadContentTypeClasses(constraints)),
      bytes: classed('uploadRequest', uploadContentClasses(constraints)),
    })
    .map(({ filename, contentType, bytes }) => ({ api_key: creds.apiKey, file: { filename, contentType, bytes } }));
}

/** A hostile file name and the class it stands for. */
export interface HostileFileName {
  class: string;
  name: string;
}

const utf8Bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
/** Shortest first (as JSON writes them): fc.constantFrom shrinks toward its first value. */
const shortestFirst = (values: readonly string[]): string[] => [...values].sort((a, b) => JSON.stringify(a).length - JSON.stringify(b).length);
const DEVICE_NAME = /^(?:CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(?:\.[^.]*)?$/i;

/**
 * File names that attack where a server keeps an upload (OWASP ASVS 5.0 5.3.2; ZAP rule 6, path traversal), as
 * classes with every member listed, so that a check sends them all in every run: `path-separators` (a folder
 * with / or \), `traversal` (../ and ..\ up to a system file, percent-encoded too), `absolute` (a Unix path, a
 * drive, a UNC share), `very-long` (over 255 bytes: ASCII, Cyrillic at two bytes a letter, astral at four),
 * `control-characters` (CR LF, NUL before an extension, a tab, DEL), `bidi-override` (U+202E making
 * `…exe` read as `…csv`, U+2066 isolates), `empty`, `only-dots` (`.`, `..`, `...`) and `device-names`
 * (CON, NUL.csv, COM1, LPT1.txt, aux: what Windows opens as a device). Any of them may be taken (the document
 * says nothing of the name) or refused keyed file; none may make the provider fail or tell where it wrote.
 */
export function hostileFileNameClasses(): ValueClass<string>[] {
  const members = (name: string, values: readonly string[], test: (n: string) => boolean) =>
    valueClass<string>(name, fc.constantFrom(...shortestFirst(values)), test);
  return HOSTILE_FILE_NAME_CLASSES.map((c) => members(c.name, c.values, c.test));
}

const HOSTILE_FILE_NAME_CLASSES: readonly { name: string; values: readonly string[]; test: (n: string) => boolean }[] = [
  {
    name: 'path-separators',
    values: ['fleet/vehicles.csv', 'fleet\\vehicles.csv', 'a/b/c/d/vehicles.csv'],
    test: (n) => /[/\\]/.test(n) && !n.includes('..') && !/^(?:[/\\]|[A-Za-z]:)/.test(n),
  },
  {
    name: 'traversal',
    values: ['../../etc/passwd', '..\\..\\win.ini', '../../../../../../tmp/pts-upload.csv', '..%2F..%2Fetc%2Fpasswd', 'fleet/../../vehicles.csv'],
    test: (n) => /(?:^|[/\\])\.\.(?:[/\\]|$)|\.\.%2F/i.test(n),
  },
  {
    name: 'absolute',
    values: ['/etc/passwd', '/tmp/vehicles.csv', 'C:\\Windows\\win.ini', '\\\\fileserver\\share\\vehicles.csv'],
    test: (n) => /^(?:\/|[A-Za-z]:\\|\\\\)/.test(n),
  },
  {
    name: 'very-long',
    values: [`${'v'.repeat(300)}.csv`, `${'ж'.repeat(150)}.csv`, `${'🚗'.repeat(70)}.csv`],
    test: (n) => utf8Bytes(n) > 255,
  },
  {
    name: 'control-characters',
    values: ['fleet\r\nContent-Type: text/html.csv', 'vehicles.csv\u0000.exe', 'fleet\tlist.csv', 'fleet\u007f.csv'],
    test: (n) => /[\u0000-\u001f\u007f]/.test(n),
  },
  {
    name: 'bidi-override',
    values: ['fleet\u202Evsc.exe', 'report\u2066.exe\u2069.csv'],
    test: (n) => /[\u202A-\u202E\u2066-\u2069]/.test(n),
  },
  { name: 'empty', values: [''], test: (n) => n === '' },
  { name: 'only-dots', values: ['.', '..', '...'], test: (n) => /^\.+$/.test(n) },
  { name: 'device-names', values: ['CON', 'NUL.csv', 'COM1', 'LPT1.txt', 'aux'], test: (n) => DEVICE_NAME.test(n) },
];

/** Every member of every hostile file name class, with its class: the covering table a check sends whole. */
export const HOSTILE_FILE_NAMES: readonly HostileFileName[] = HOSTILE_FILE_NAME_CLASSES.flatMap((c) => c.values.map((name) => ({ class: c.name, name })));
