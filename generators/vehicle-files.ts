// Vehicle files for the upload checks (and the harness's control upload): a small CSV, and one of an exact size.
import { vehiclesCsv, type Vehicle } from './arbitraries/index.js';

const SAMPLE: Vehicle[] = [
  { plate: 'А123ВС77', vin: 'XTA21099043576182', brand: 'LADA', model: 'Vesta', year: 2021 },
  { plate: 'М456ОР199', vin: 'Z94CB41AAGR323020', brand: 'Hyundai', model: 'Solaris', year: 2016 },
];

/** A file part of an upload: its name, media type and bytes. */
export interface VehicleFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A small CSV vehicle file. */
export function vehicleFile(): VehicleFile {
  return { filename: 'vehicles.csv', contentType: 'text/csv', bytes: new Uint8Array(Buffer.from(vehiclesCsv(SAMPLE), 'utf8')) };
}

/** A CSV vehicle file of exactly `size` bytes: a header, whole vehicle rows, then blank lines. */
export function vehicleFileOfSize(size: number): VehicleFile {
  const [header, row] = vehiclesCsv(SAMPLE.slice(0, 1))
    .split('\r\n')
    .map((line) => `${line}\r\n`);
  const head = Buffer.from(header, 'utf8');
  const line = Buffer.from(row, 'utf8');
  const rows = Math.max(0, Math.floor((size - head.length) / line.length));
  const bytes = Buffer.alloc(size, '\n');
  head.copy(bytes, 0, 0, Math.min(head.length, size));
  for (let i = 0; i < rows; i++) line.copy(bytes, head.length + i * line.length);
  return { filename: 'vehicles-large.csv', contentType: 'text/csv', bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
}
