// Allure 3 configuration for `npm run report` (scripts/report.ts passes it with --config and --output).
// scripts/report.ts builds two reports from the same results: a directory report (reports/allure-report/,
// served over HTTP: `npx allure open`), and with PTS_ALLURE_SINGLE_FILE=1 one HTML file that opens from
// disk (reports/allure-single-file/index.html; awesome's singleFile option inlines scripts and data).
// historyPath: Allure 3 appends one line per generated report to this JSONL file and reads the earlier
// lines for each test's history and the trend charts, so keeping the file between runs keeps the trends.
// The single-file build reads the history but does not append to it: one line per run, not two.
// PTS_REPORTS_DIR (absolute) and PTS_ALLURE_HISTORY_LIMIT (its --history-limit) are set by scripts/report.ts.
const dir = process.env.PTS_REPORTS_DIR || 'reports';
const singleFile = process.env.PTS_ALLURE_SINGLE_FILE === '1';

export default {
  name: 'Payment Transfer Service conformance',
  historyPath: `${dir}/allure-history.jsonl`,
  historyLimit: Number(process.env.PTS_ALLURE_HISTORY_LIMIT),
  appendHistory: !singleFile,
  plugins: {
    awesome: {
      options: {
        reportName: 'Payment Transfer Service conformance',
        singleFile,
        reportLanguage: 'en',
        groupBy: ['epic', 'feature', 'story'],
      },
    },
  },
};
