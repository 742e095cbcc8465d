const dayPattern = /^\d{4}-\d{2}-\d{2}$/

/** Whether a string is a real calendar day written `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  if (!dayPattern.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}
