import { defineNitroPlugin } from 'nitropack/runtime'
import { startMessageDeliveryLoop, type MessageDeliveryLoop } from '../domain/messages/message-delivery'
import { useDatabase } from '../utils/database'
import { runtimeSettings } from '../utils/runtime-settings'
import { onServerStopping } from '../utils/shutdown'
import { noteTaskRun } from '../utils/task-run'
import { faultSummary, logger } from '../domain/shared/log'

/**
 * Emails messages to families from this process once the database is ready (docs/messages.md); runs
 * after runtime-settings (plugins run in name order), which says whose messages a test server sends. Every
 * instance runs it, and the recipients' leases share the work. At shutdown the mail in flight is
 * finished and recorded, and the rows not reached are freed for another instance at once.
 */
export default defineNitroPlugin(() => {
  const schoolIds = runtimeSettings.messageSchools
  if (schoolIds?.length === 0) return
  let loop: MessageDeliveryLoop | undefined
  const started = useDatabase().then((database) => {
    loop = startMessageDeliveryLoop(database, {
      schoolIds,
      leaseMs: runtimeSettings.messageLeaseMs,
      // Ids and counts only: never a message, an address or a child's name.
      onError: error => logger.error({ task: 'messages:deliver', fault: faultSummary(error) }, 'message delivery failed'),
      onRound: (attempted, durationMs) => noteTaskRun('messages:deliver', 'ok', durationMs, { attempted }, 'info')
    })
  }, () => {})
  onServerStopping(async () => {
    await started
    await loop?.stop()
  })
})
