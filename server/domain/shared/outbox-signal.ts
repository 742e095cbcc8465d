import { EventEmitter } from 'node:events'

const signal = new EventEmitter()
signal.setMaxListeners(0)

/**
 * Said by writeChanges once a write's events have committed, so a worker in this process (webhook
 * delivery) wakes at once instead of at its next poll. Other processes' writes are found by polling.
 */
export function announceOutboxCommit(schoolId: string) {
  signal.emit('commit', schoolId)
}

/** Calls `listener` after each commit of outbox events in this process; returns how to stop listening. */
export function onOutboxCommit(listener: (schoolId: string) => void): () => void {
  signal.on('commit', listener)
  return () => signal.off('commit', listener)
}
