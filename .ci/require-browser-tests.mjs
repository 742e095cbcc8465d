// Fails CI when the last run skipped a browser test or ran none: .ci/run installs Debian's chromium,
// so there a skip means the browser did not start, not that the machine lacks one.
import { readFileSync } from 'node:fs'

const report = JSON.parse(readFileSync(process.argv[3] ?? '.data/vitest-report.json', 'utf8'))
const tests = report.testResults
  .filter(file => file.name.replaceAll('\\', '/').includes('/tests/browser/'))
  .flatMap(file => file.assertionResults)
const passed = tests.filter(test => test.status === 'passed').length
const notRun = tests.filter(test => !['passed', 'failed'].includes(test.status)).length
if (passed === 0 || notRun > 0) {
  console.error(`${process.argv[2]}: CI must run the browser tests, but of ${tests.length} found ${passed} passed and ${notRun} were skipped`)
  process.exit(1)
}
