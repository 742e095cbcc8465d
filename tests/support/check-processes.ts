import { afterAll } from 'vitest'
import { killLeftHere } from './test-processes'

// After each test file, its own clean-ups done (a setup file's afterAll runs after the file's), nothing it started
// may still run: what does is killed, and the file fails naming it (issue 45, point 3). Caught here, a leak
// names its file; the run's last teardown (tests/support/setup-processes.ts) catches what no file owns.
afterAll(() => {
  const left = killLeftHere()
  if (left.length) {
    const listed = left.map(({ what, pids }) => `  ${what}: pids ${pids.join(', ')}`).join('\n')
    throw new Error(`This file left processes running (killed now): every test ends what it starts (tests/support/test-processes.ts):\n${listed}`)
  }
})
