/*
 * Shares are basis points: whole hundredths of a per cent, so that a share is never a float on its
 * way. A payer's share of a charge category, a concession's percentage and a child's load (part of
 * full time) are all this one type. Every screen and the server read the whole, write a share for a
 * person and read one typed back here, as shared/money.ts does for amounts; a screen writes one with
 * formatShare (shared/school-time.ts), in the reader's locale.
 */

/** Basis points in the whole (100 %): the open shares of each charge category total this; full time is this. */
export const wholeBasisPoints = 10_000

/** Basis points as a decimal string of per cent, with no trailing zeros: 1250 is "12.5", 3333 is "33.33". */
export function percentText(basisPoints: number): string {
  const digits = String(Math.abs(basisPoints)).padStart(3, '0')
  const hundredths = digits.slice(-2).replace(/0+$/, '')
  return `${basisPoints < 0 ? '-' : ''}${digits.slice(0, -2)}${hundredths ? `.${hundredths}` : ''}`
}

/**
 * What a person typed as a percentage ("12.5", "100", "12.5 %") in basis points, by string
 * arithmetic; null when it is not a number from 0 to 100 with at most two decimals.
 */
export function parseBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?\s*%?$/.exec(text.trim())
  if (!match) return null
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return basisPoints <= wholeBasisPoints ? basisPoints : null
}

/** A part of the whole (a load of 0.5 is half time) in basis points, rounded to the nearest. */
export const basisPointsOfPart = (part: number) => Math.round(part * wholeBasisPoints)

/** Basis points as a part of the whole: 5000 is 0.5. */
export const partOfBasisPoints = (basisPoints: number) => basisPoints / wholeBasisPoints
