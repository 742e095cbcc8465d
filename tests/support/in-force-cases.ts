/**
 * Spans against one day, with whether each is in force that day and whether it has not ended before
 * it: the table both the TypeScript predicates and their SQL are held to (server/domain/days/in-force.ts).
 */
export const inForceDay = '2026-03-10'

export const inForceCases = [
  { name: 'open-ended, begun', validFrom: '2025-09-01', validTo: null, inForce: true, notEnded: true },
  { name: 'open-ended, starts today', validFrom: '2026-03-10', validTo: null, inForce: true, notEnded: true },
  { name: 'open-ended, starts tomorrow', validFrom: '2026-03-11', validTo: null, inForce: false, notEnded: true },
  { name: 'ends today', validFrom: '2025-09-01', validTo: '2026-03-10', inForce: true, notEnded: true },
  { name: 'starts and ends today', validFrom: '2026-03-10', validTo: '2026-03-10', inForce: true, notEnded: true },
  { name: 'ended yesterday', validFrom: '2025-09-01', validTo: '2026-03-09', inForce: false, notEnded: false },
  { name: 'future, closed', validFrom: '2026-04-01', validTo: '2026-06-30', inForce: false, notEnded: true },
  { name: 'long past', validFrom: '2020-01-01', validTo: '2020-12-31', inForce: false, notEnded: false },
  { name: 'ends next year', validFrom: '2026-01-01', validTo: '2027-01-01', inForce: true, notEnded: true }
] as const
