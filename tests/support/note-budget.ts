import { beforeEach } from 'vitest'

declare module '@vitest/runner' {
  interface TaskMeta {
    /** The test's own budget (its timeout), in the JSON report beside its duration. */
    budgetMs?: number
  }
}

// Each test's budget goes in the report beside its time, so that `npm run test:busy` can say which tests came
// closest to theirs (scripts/test-budgets.ts): a budget must hold at several times the quiet time (issue 45).
beforeEach(({ task }) => {
  task.meta.budgetMs = task.timeout
})
