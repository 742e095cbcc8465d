import { beforeEach, inject } from 'vitest'

// The browser project's global setup found no Chromium that starts and says so at the end of the run.
beforeEach(({ skip }) => {
  if (!inject('chromiumPath')) skip('no Chromium starts here')
})
