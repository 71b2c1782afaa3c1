import fc from 'fast-check';
import type { MerchantCredentials } from '../signing.js';

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
  /** File formats to draw from. Default both `csv` and `json`. */
  formats?: readonly ('csv' | 'json')[];
  /** Fewest vehicle rows. Default 1. */
  minVehicles?: number;
  /** Most vehicle rows. Default 20. */
  maxVehicles?: number;
}

const PLATE_LETTERS = 'АВЕКМНОРСТУХ';
const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
// Shortest first: fc.constantFrom shrinks toward its first value.
const CARS: readonly (readonly [string, string])[] = [
  ['Kia', 'Rio'], ['LADA', 'Vesta'], ['LADA', 'Granta'], ['Hyundai', 'Solaris'], ['Toyota', 'Camry'],
  ['Volkswagen', 'Polo'], ['Škoda', 'Octavia'], ['ГАЗ', 'Газель Next'], ['КАМАЗ', '5490'], ['Renault', 'Logan'],
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
  return fc
    .array(fc.constantFrom(...VIN_ALPHABET), { minLength: 17, maxLength: 17 })
    .map((chars) => {
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

/**
 * A vehicle file upload: the merchant's `api_key` and a CSV or JSON file of vehicles
 * (plates, VINs, brand, model, year), UTF-8 encoded.
 */
export function uploadRequest(
  creds: MerchantCredentials,
  constraints: UploadRequestConstraints = {},
): fc.Arbitrary<UploadRequestValue> {
  const formats = constraints.formats ?? ['csv', 'json'];
  const minVehicles = constraints.minVehicles ?? 1;
  const maxVehicles = constraints.maxVehicles ?? 20;
  if (formats.length === 0) throw new Error('uploadRequest: formats must name at least one format');
  if (!Number.isInteger(minVehicles) || !Number.isInteger(maxVehicles) || minVehicles < 0 || minVehicles > maxVehicles) {
    throw new Error(`uploadRequest: need integers 0 <= minVehicles <= maxVehicles, got ${minVehicles}..${maxVehicles}`);
  }
  return fc
    .record({
      format: fc.constantFrom(...formats),
      vehicles: fc.array(vehicle(), { minLength: minVehicles, maxLength: maxVehicles }),
      name: fc.constantFrom('vehicles', 'transports', 'fleet-2026', 'автопарк'),
    })
    .map(({ format, vehicles, name }) => {
      const text = format === 'csv' ? vehiclesCsv(vehicles) : JSON.stringify(vehicles, null, 2);
      return {
        api_key: creds.apiKey,
        file: {
          filename: `${name}.${format}`,
          contentType: format === 'csv' ? 'text/csv' : 'application/json',
          bytes: new Uint8Array(Buffer.from(text, 'utf8')),
        },
      };
    });
}
