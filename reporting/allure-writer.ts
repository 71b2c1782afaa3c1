// Allure's results as allure-js-commons' FileSystemWriter writes them, less its fsync after every file: the
// reporter runs in Playwright's runner process, which stops dispatching tests while each fsync waits for the disk
// (a tenth of the runner's time in a default run). The results are read after the run, from the page cache.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringifyEnvInfo, type Writer } from 'allure-js-commons/sdk/reporter';

export class UnsyncedWriter implements Writer {
  constructor(private readonly resultsDir: string) {}

  private path(name: string): string {
    mkdirSync(this.resultsDir, { recursive: true });
    return join(this.resultsDir, name);
  }

  writeResult(result: Parameters<Writer['writeResult']>[0]): void {
    writeFileSync(this.path(`${result.uuid}-result.json`), JSON.stringify(result));
  }

  writeGroup(result: Parameters<Writer['writeGroup']>[0]): void {
    writeFileSync(this.path(`${result.uuid}-container.json`), JSON.stringify(result));
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    writeFileSync(this.path(distFileName), content);
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    copyFileSync(from, this.path(distFileName));
  }

  writeEnvironmentInfo(info: Parameters<Writer['writeEnvironmentInfo']>[0]): void {
    writeFileSync(this.path('environment.properties'), stringifyEnvInfo(info));
  }

  writeCategoriesDefinitions(categories: Parameters<Writer['writeCategoriesDefinitions']>[0]): void {
    writeFileSync(this.path('categories.json'), JSON.stringify(categories));
  }

  writeGlobals(distFileName: string, info: Parameters<Writer['writeGlobals']>[1]): void {
    writeFileSync(this.path(distFileName), JSON.stringify(info));
  }
}
