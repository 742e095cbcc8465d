let firstStartWork: Promise<unknown> = Promise.resolve()

/**
 * The first start's work (plugins/first-start.ts), which the worker loops wait for (plugins/workers.ts):
 * the demo school's fee notices and messages are settled as sent, its sync run paused and its webhook
 * tried once by the seeding itself, so no loop mails them to the log or claims them half made.
 */
export function holdWorkersForFirstStart(work: Promise<unknown>) {
  firstStartWork = work.catch(() => {})
}

/** Resolves once the first start's work is done, however it ended. */
export function firstStartSettled(): Promise<unknown> {
  return firstStartWork
}
