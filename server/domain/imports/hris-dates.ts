import { isDay } from '../../../shared/calendar-day'
import type { HrisDateFormat } from '../../../shared/vocabulary'

const layouts: Record<HrisDateFormat, { pattern: RegExp, order: [year: number, month: number, day: number] }> = {
  'YYYY-MM-DD': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: [1, 2, 3] },
  'DD/MM/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 2, 1] },
  'MM/DD/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 1, 2] }
}

/** A day written in the mapping's format, as `YYYY-MM-DD`; null when it is not a real day in that format. */
export function readHrisDay(value: string, format: HrisDateFormat): string | null {
  const { pattern, order } = layouts[format]
  const parts = pattern.exec(value.trim())
  if (!parts) return null
  const [year, month, day] = order.map(i => parts[i]!)
  const result = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`
  return isDay(result) ? result : null
}
