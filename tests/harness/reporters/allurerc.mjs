// Allure 3 configuration for `npm run report` (scripts/report.ts passes it with --config).
// Paths follow PTS_REPORTS_DIR (default reports); scripts/report.ts sets it to an absolute path.
// historyPath: Allure 3 appends one line per generated report to this JSONL file and reads the earlier
// lines for each test's history and the trend charts, so keeping the file between runs keeps the trends.
const dir = process.env.PTS_REPORTS_DIR || 'reports';

export default {
  name: 'Payment Transfer Service conformance',
  output: `${dir}/allure-report`,
  historyPath: `${dir}/allure-history.jsonl`,
  historyLimit: 50,
  plugins: {
    awesome: {
      options: {
        reportName: 'Payment Transfer Service conformance',
        singleFile: false,
        reportLanguage: 'en',
        groupBy: ['epic', 'feature', 'story'],
      },
    },
  },
};
