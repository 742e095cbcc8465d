import type { InternalApi } from 'nitropack/types'

/** A message in the portal's list: its subject, when it was sent, and when the adult read it (null: unread). */
type PortalMessageSummary = InternalApi['/api/app/portal/messages']['get']['items'][number]

/** Messages: what the school wrote to the adult, paged on the server, newest first, each unread until opened. */
export function usePortalMessages() {
  return usePagedList<PortalMessageSummary>(query => $fetch('/api/app/portal/messages', { query }), { limit: 20 })
}
