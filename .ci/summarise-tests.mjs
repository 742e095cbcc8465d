// Prints vitest's JSON report as one plain closing line, "sqlite: 200 passed, 0 failed", after the name and
// first lines of each failure: CI's record keeps only the end of its output, where these then stand.
import { readFileSync } from 'node:fs'

const report = JSON.parse(readFileSync(process.argv[3] ?? '.data/vitest-report.json', 'utf8'))
for (const file of report.testResults) {
  const failures = file.assertionResults.filter(test => test.status === 'failed')
  if (failures.length === 0 && file.status === 'failed') console.log(`FAILED ${file.name}: ${String(file.message).slice(0, 600)}`)
  for (const test of failures) console.log(`FAILED ${file.name} > ${test.fullName}: ${String(test.failureMessages?.[0] ?? '').slice(0, 600)}`)
}
const skipped = report.numPendingTests + report.numTodoTests
console.log(`${process.argv[2]}: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`)
