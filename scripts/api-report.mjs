// The API reports: api/emweb.api.md (`emweb`, from dist/index.d.ts) and api/emweb-testing.api.md
// (`emweb/testing`, from dist/testing.d.ts), made by API Extractor from the built types. Run after
// the build. `node scripts/api-report.mjs` fails when the exported API is not the one the reports
// record, so that every change of the API shows in review; `npm run api` (`--update`) writes them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const CONFIGS = ['api/api-extractor.json', 'api/api-extractor.testing.json'];
const update = process.argv.includes('--update');
if (!existsSync('dist/index.d.ts') || !existsSync('dist/testing.d.ts')) {
  console.error('dist/ has no types: `npm run build` first (`npm run api` builds, then writes the reports).');
  process.exit(1);
}

// The report as this build has it is written beside the checked-in one for the comparison: outside
// dist/, which is packed.
const temp = mkdtempSync(join(tmpdir(), 'emweb-api-'));
const stale = [];
let failed = false;
try {
  for (const file of CONFIGS) {
    const configObject = ExtractorConfig.loadFile(resolve(file));
    configObject.apiReport = { ...configObject.apiReport, reportTempFolder: temp };
    const config = ExtractorConfig.prepare({
      configObject,
      configObjectFullPath: resolve(file),
      packageJsonFullPath: resolve('package.json'),
    });
    const result = Extractor.invoke(config, {
      localBuild: update,
      printApiReportDiff: !update,
      messageCallback(message) {
        if (message.messageId === 'console-preamble') message.handled = true;
        // API Extractor's own advice names its temp folder; ours is a command.
        if (message.messageId === 'console-api-report-not-copied') {
          message.handled = true;
          const report = config.reportConfigs.map((each) => join('api', each.fileName)).join(', ');
          stale.push(report);
          console.error(`${report} is not the API of this build: \`npm run api\` rewrites it; review the change and commit it.`);
        }
      },
    });
    if (!result.succeeded) failed = true;
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
if (failed) {
  if (!stale.length) console.error('API Extractor failed (see above).');
  process.exit(1);
}
console.log(update ? 'api/*.api.md written from dist/' : 'api/*.api.md are the API of this build');
