import type { SchoolRef } from '../shared/school-ref'
import { schoolCurrency } from './currency'

/** The school's zone and currency, for the screens to write times and amounts as the school keeps them. */
export function schoolClock(school: Pick<SchoolRef, 'timeZone' | 'lists'>): { timeZone: string, currency: string } {
  return { timeZone: school.timeZone, currency: schoolCurrency(school) }
}
