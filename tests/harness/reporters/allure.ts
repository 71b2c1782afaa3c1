// allure-playwright, safe under `playwright merge-reports`: merging hands reporters a config without
// projects, and allure-playwright reads the first project's outputDir/snapshotDir in onConfigure.
// Also: a check whose first rule applies to every operation (epic "all", e.g. "only POST is accepted")
// is filed under the operation it ran against, its project, so the Behaviors view groups by operation.
import { AllureReporter } from 'allure-playwright';
import type { FullConfig } from '@playwright/test';
import type { TestCase } from '@playwright/test/reporter';

const EPIC = '@allure.label.epic';
export const EVERY_OPERATION = 'all';

/** Replaces the epic "all" by the project's name (in place: allure-playwright reads test.annotations). */
export function localizeEpic(annotations: { type: string; description?: string }[], project: string | undefined): void {
  if (!project) return;
  for (const a of annotations) if (a.type === EPIC && a.description === EVERY_OPERATION) a.description = project;
}

export default class MergeSafeAllureReporter extends AllureReporter {
  override onConfigure(config: FullConfig): void {
    if (config.projects.length > 0) return super.onConfigure(config);
    const stand_in = { outputDir: 'reports/test-results', snapshotDir: 'reports/test-results' } as FullConfig['projects'][number];
    super.onConfigure({ ...config, projects: [stand_in] });
  }

  override onTestBegin(test: TestCase): void {
    localizeEpic(test.annotations, test.parent.project()?.name);
    super.onTestBegin(test);
  }
}
