const runs = Symbol.for('rollbook.tests.oncePerRun')

/**
 * Starts `work` once per vitest run, however many projects' global setups ask for it. Vitest loads
 * each project's global setup files as modules of their own (a module-level variable would be one
 * per project), but they all run in the one main process, so the memo lives on `globalThis`.
 */
export function oncePerRun<T>(name: string, work: () => Promise<T>): Promise<T> {
  const memo: Map<string, Promise<unknown>> = (globalThis as any)[runs] ??= new Map()
  if (!memo.has(name)) memo.set(name, work())
  return memo.get(name) as Promise<T>
}
