/**
 * Which tests came closest to their budget in a run, read from vitest's JSON report (each test's budget is in
 * its meta, tests/support/note-budget.ts). A test whose time on a busy machine is a large share of its budget
 * is the next to fail for a timeout rather than a fault: it is split or bounded (issue 45).
 */
import { existsSync, readFileSync } from 'node:fs'

export interface TestTime { name: string, ms: number, budgetMs: number, share: number }

export function closestToBudget(reportPath: string, count = 10): TestTime[] {
  if (!existsSync(reportPath)) return []
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as {
    testResults: { name: string, assertionResults: { ancestorTitles: string[], title: string, duration?: number, meta?: { budgetMs?: number } }[] }[]
  }
  const times: TestTime[] = []
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (!test.duration || !test.meta?.budgetMs) continue
      const name = [file.name.replace(/^.*?\/tests\//, 'tests/'), ...test.ancestorTitles, test.title].join(' > ')
      times.push({ name, ms: test.duration, budgetMs: test.meta.budgetMs, share: test.duration / test.meta.budgetMs })
    }
  }
  return times.sort((a, b) => b.share - a.share).slice(0, count)
}
