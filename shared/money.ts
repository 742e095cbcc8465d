/*
 * Amounts are whole minor units of a currency (cents); these turn them into a decimal string and
 * back, by string arithmetic, so no amount is ever a float on its way. A screen writes an amount
 * with formatMoney (shared/school-time.ts), in the reader's locale.
 */

/** How many minor-unit digits the currency has: 2 for AUD, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
}

/** Minor units as a decimal string of major units: 400001 AUD is "4000.01". */
export function majorText(amount: number, currency: string): string {
  const digits = minorDigits(currency)
  const text = String(Math.abs(amount)).padStart(digits + 1, '0')
  const major = digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text
  return amount < 0 ? `-${major}` : major
}

/** What a person typed as major units ("4000.01", "4,000") in minor units; null when it is not an amount. */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency)
  const plain = text.trim().replace(/[,\s]/g, '')
  const match = new RegExp(`^(\\d{1,8})(?:\\.(\\d{0,${digits}}))?$`).exec(plain)
  if (!match || (digits === 0 && plain.includes('.'))) return null
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0')
}
