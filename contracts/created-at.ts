/**
 * The `created_at` timestamp of the interface document: shape YYYYMMDDTHHMMSS.ffffffZ
 * (date, letter T, time, microseconds, letter Z), and a real calendar date and time.
 */

/** The shape alone; the same expression as the `pattern` in common.schema.json. */
export const CREATED_AT_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.\d{6}Z$/;

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True when `s` has the exact shape YYYYMMDDTHHMMSS.ffffffZ and names a real UTC date and
 * time: month 1..12, a day that exists in that month (29 February only in leap years),
 * hour 0..23, minute 0..59, second 0..59 (no leap second).
 */
export function isCreatedAt(s: string): boolean {
  const m = CREATED_AT_PATTERN.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (month < 1 || month > 12) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
  if (day < 1 || day > days) return false;
  return hour <= 23 && minute <= 59 && second <= 59;
}

/**
 * The UTC time a created_at names, in milliseconds with its microseconds as the fraction; undefined when
 * `s` is not a created_at (isCreatedAt).
 */
export function createdAtTime(s: string): number | undefined {
  if (!isCreatedAt(s)) return undefined;
  const [year, month, day, hour, minute, second] = CREATED_AT_PATTERN.exec(s)!.slice(1, 7).map(Number);
  return Date.UTC(year, month - 1, day, hour, minute, second) + Number(s.slice(16, 22)) / 1000;
}
