// What global setup hands to the workers, through environment variables (the only channel Playwright
// offers from global setup to workers). Secrets stay in env and memory; none is written to reports.
import { EMBEDDED_ENV } from '../../reporting/run-facts.js';

/** Internal variables, set by global setup; a user never sets them. */
export const RUN_ENV = {
  /** URL of the callback receiver's query endpoint. */
  inbox: 'PTS_CALLBACK_INBOX',
  /** "1" when the provider under test is the embedded one. */
  embedded: EMBEDDED_ENV,
  /** Milliseconds each property check may run (scripts/conformance.ts sets it from TIME_BUDGET). */
  propertyMs: 'PTS_PROPERTY_MS',
  /** Fault names to start the embedded provider with (the kill matrix sets it). */
  faults: 'PTS_FAULTS',
} as const;

export function embeddedFaults(env: Record<string, string | undefined> = process.env): string[] {
  return (env[RUN_ENV.faults] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
