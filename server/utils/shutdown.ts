import { faultSummary, logger } from '../domain/shared/log'

/**
 * How the server's workers stop (docs/operations.md, "Graceful shutdown"). Nitro's node server
 * drains requests on SIGTERM or SIGINT and then calls the `close` hook; the workers are told as soon
 * as the signal comes, so they hand back what they hold while requests drain, and the database
 * closes only once every one of them has.
 */
let stopping = false
let draining = false
let stopped: Promise<void> | undefined
const stopSteps = new Set<() => Promise<unknown>>()

/** Whether the server is shutting down: a worker claims nothing more and hands back what it holds. */
export function isServerStopping(): boolean {
  return stopping
}

/** Whether the server is draining: told to stop, it still serves while /health tells the balancer to send it nothing new. */
export function isServerDraining(): boolean {
  return draining
}

export function startDraining(): void {
  draining = true
}

/** Registers how a worker stops (resolving once it holds nothing); returns a function that unregisters it. */
export function onServerStopping(stop: () => Promise<unknown>): () => void {
  stopSteps.add(stop)
  return () => stopSteps.delete(stop)
}

/** Stops every worker once, however often it is asked; a worker that fails to stop is logged, not waited on again. */
export function stopServerWorkers(): Promise<void> {
  stopping = true
  stopped ??= Promise.allSettled([...stopSteps].map(stop => stop())).then((outcomes) => {
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') logger.error({ fault: faultSummary(outcome.reason) }, 'a worker did not stop cleanly')
    }
  })
  return stopped
}

/**
 * `SHUTDOWN_DRAIN_SECONDS` (default 0), in milliseconds: how long a server told to stop goes on serving with /health
 * answering `draining` (503) before it stops listening, so that a balancer's health checks take it out first and no
 * request reaches it as it closes. Behind a balancer, longer than the checks need to find it down.
 */
export function shutdownDrainMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.SHUTDOWN_DRAIN_SECONDS ?? 0)
  return (Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) : 0) * 1000
}

/** `SHUTDOWN_GRACE_SECONDS` (default 10), in milliseconds. */
export function shutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.SHUTDOWN_GRACE_SECONDS ?? 10)
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 10) * 1000
}
