import { z } from 'zod'

const e164Pattern = /^\+[1-9]\d{6,14}$/
// Checked before trimming: a line break or tab at an end would otherwise be dropped unseen.
const controlCharacter = /[\p{Cc}\p{Cf}]/u
const expectedForm = 'Use the international form: + and the country code, then the number, digits only with no spaces (e.g. +61412345678).'

/** A phone number a text can go to: E.164, trimmed; a control character or a space inside is refused (`validation_failed`). */
export const e164Schema = z.string()
  .refine(value => !controlCharacter.test(value), { error: `No control characters. ${expectedForm}`, abort: true })
  .trim()
  .regex(e164Pattern, expectedForm)

/** Whether `value` is already an E.164 number, exactly (no trimming). */
export function isE164(value: string): boolean {
  return e164Pattern.test(value)
}
