import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type { portalTourBookingSchema } from '~~/shared/schemas/portal'

/** A tour to come, with its places left. */
export type PortalTourToCome = InternalApi['/api/app/portal/applications']['get']['tours'][number]
/** One of the family's applications, as the portal's applications route answers it. */
export type PortalApplicationItem = InternalApi['/api/app/portal/applications']['get']['applications'][number]

/** Applications and tours: the family's applications, the tours to come with places left, their bookings; and booking one. */
export function usePortalApplications() {
  const read = portalRead(useFetch('/api/app/portal/applications', { key: 'portal-applications', headers: useRequestHeaders(['cookie']) }))
  async function book(tourId: string, body: z.input<typeof portalTourBookingSchema>) {
    const answer = await $fetch(apiPath('/api/app/portal/tours/:id/bookings', { id: tourId }), { method: 'POST', body })
    await read.refresh()
    return answer
  }
  return { ...read, book }
}
