import { isNull, or } from 'drizzle-orm'
import { courtOrders, protectionFlags } from '../../../db/schema'
import { inForceOn, isInForceOn } from '../days/in-force'
import type { Span } from '../days/calendar'

/*
 * When a protection flag or a court order is in force: what access/withholding.ts decides with and the
 * restricted record shows, in a file of its own so the record (which asks withholding first) and
 * withholding never import each other.
 */

/** A protection flag on the child that is open, or in force on the day. */
// An open flag counts even before its first day: protection errs on the side of the child.
export const protectionFlagInForce = (day: string) =>
  or(isNull(protectionFlags.validTo), inForceOn(protectionFlags, day))

/** `protectionFlagInForce` for a flag already read. */
export const isProtectionFlagInForce = (flag: Span, day: string) => flag.validTo === null || isInForceOn(flag, day)

/** A court order about the child in force on the day. */
export const courtOrderInForce = (day: string) =>
  inForceOn(courtOrders, day)
