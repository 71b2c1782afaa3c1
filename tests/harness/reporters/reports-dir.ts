// Where the reports go: PTS_REPORTS_DIR (default `reports`), relative to the repository root, so tests,
// shards and certification runs can write elsewhere than the main run.
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPORTS_DIR_ENV = 'PTS_REPORTS_DIR';
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function reportsDir(env: Record<string, string | undefined> = process.env): string {
  const dir = env[REPORTS_DIR_ENV]?.trim() || 'reports';
  return isAbsolute(dir) ? dir : resolve(REPO_ROOT, dir);
}
