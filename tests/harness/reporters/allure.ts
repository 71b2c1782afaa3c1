// allure-playwright, safe under `playwright merge-reports`: merging hands reporters a config without
// projects, and allure-playwright reads the first project's outputDir/snapshotDir in onConfigure.
import { AllureReporter } from 'allure-playwright';
import type { FullConfig } from '@playwright/test';

export default class MergeSafeAllureReporter extends AllureReporter {
  override onConfigure(config: FullConfig): void {
    if (config.projects.length > 0) return super.onConfigure(config);
    const stand_in = { outputDir: 'reports/test-results', snapshotDir: 'reports/test-results' } as FullConfig['projects'][number];
    super.onConfigure({ ...config, projects: [stand_in] });
  }
}
