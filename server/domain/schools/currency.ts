import type { SchoolRef } from '../shared/school-ref'

/** The currency a school's fees are in until it sets its own. */
export const defaultCurrency = 'AUD'

/** Whether the code is one of the ISO 4217 currencies this runtime knows. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code)
}

/** The ISO 4217 code of the school's fee schedules: amounts are whole minor units of it. */
export function schoolCurrency(school: Pick<SchoolRef, 'lists'>): string {
  return school.lists.currency ?? defaultCurrency
}
