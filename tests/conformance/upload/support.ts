// Local helpers of the upload checks: vehicle files of an exact size, and the refusal assertion.
import { vehiclesCsv, type Vehicle } from '../../../generators/arbitraries/index.js';
import type { Exchange } from '../../harness/exchange.js';
import { expectValidationBody, responseOf } from '../../harness/expect-response.js';
import { CheckFailure, describeResponse } from '../../harness/failure.js';
import type { ProviderApi, UploadParts } from '../../harness/provider-api.js';

const SAMPLE: Vehicle[] = [
  { plate: 'А123ВС77', vin: 'XTA21099043576182', brand: 'LADA', model: 'Vesta', year: 2021 },
  { plate: 'М456ОР199', vin: 'Z94CB41AAGR323020', brand: 'Hyundai', model: 'Solaris', year: 2016 },
];

/** A small CSV vehicle file. */
export function vehicleFile(): NonNullable<UploadParts['file']> {
  return { filename: 'vehicles.csv', contentType: 'text/csv', bytes: new Uint8Array(Buffer.from(vehiclesCsv(SAMPLE), 'utf8')) };
}

/** A CSV vehicle file of exactly `size` bytes: a header, whole vehicle rows, then blank lines. */
export function vehicleFileOfSize(size: number): NonNullable<UploadParts['file']> {
  const [header, row] = vehiclesCsv(SAMPLE.slice(0, 1)).split('\r\n').map((line) => `${line}\r\n`);
  const head = Buffer.from(header, 'utf8');
  const line = Buffer.from(row, 'utf8');
  const rows = Math.max(0, Math.floor((size - head.length) / line.length));
  const bytes = Buffer.alloc(size, '\n');
  head.copy(bytes, 0, 0, Math.min(head.length, size));
  for (let i = 0; i < rows; i++) line.copy(bytes, head.length + i * line.length);
  return { filename: 'vehicles-large.csv', contentType: 'text/csv', bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
}

/**
 * The upload is refused with the profile validation body keyed exactly `breaks`: a 2xx breaks
 * `refusedRule` (the documented requirement), any other shape breaks PRO-UPL-VALIDATION (or `rule`).
 */
export function expectUploadRefused(
  api: ProviderApi,
  exchange: Exchange,
  e: { refusedRule: string; rule?: string; breaks: string[]; what: string; required?: boolean },
): void {
  const res = responseOf(exchange, e.refusedRule, `a refusal (${e.what})`);
  if (res.status >= 200 && res.status <= 299)
    throw new CheckFailure({ rule: e.refusedRule, expected: `a refusal: ${e.what}`, received: describeResponse(exchange), exchange });
  const v = api.profile.validation;
  expectValidationBody(exchange, {
    rule: e.rule ?? 'PRO-UPL-VALIDATION',
    status: api.profile.http.validation,
    breaks: e.breaks,
    allFields: v.reportsAllFields,
    required: e.required ? { pattern: new RegExp(v.requiredPattern, 'i'), rule: 'PRO-VAL-MISSING' } : undefined,
  });
}
