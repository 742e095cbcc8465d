// Prints vitest's JSON report as one plain closing line: "sqlite: 200 passed, 0 failed".
import { readFileSync } from 'node:fs'

const report = JSON.parse(readFileSync(process.argv[3] ?? '.data/vitest-report.json', 'utf8'))
const skipped = report.numPendingTests + report.numTodoTests
console.log(`${process.argv[2]}: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`)
