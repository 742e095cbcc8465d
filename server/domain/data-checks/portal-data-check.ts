import { and, asc, eq, sql } from 'drizzle-orm'
import { dataCheckAdults, dataCheckChildren, dataChecks } from '../../../db/schema'
import type { DataCheckCorrection, ChildCorrectionInput } from '../../../shared/schemas/data-checks'
import type { DomainContext } from '../shared/context'
import { DomainError, domainError, validationFailed } from '../shared/domain-error'
import { timestampNow } from '../days/clock'
import { childrenWithStanding } from '../access/children-shown'
import { standingWithheld } from '../access/standing'
import { lockAdultRequests, ownDetailChange, ownDetails, writeDetailRequest, type DetailChange } from '../portal/detail-requests'
import { keptLists, keptMedicalNeeds, readChildCare, resolveContacts, sameList, type ChildCareLists } from './child-care'
import { takesAnswers } from './list-data-checks'

/*
 * The family's side of a data check (docs/data-check.md): the open check asking the adult, with what is on file for
 * them and for each child they were asked about and still have `details` standing on today; a confirmation; and
 * corrections, which become detail requests in the office's queue. Each answer is one transaction.
 */

type ReadContext = Pick<DomainContext, 'database' | 'school'>
interface Caller { adultId: string, accountId: string }

/** The open check asking the adult: one still waiting for them first (closing soonest), else the latest they answered. */
export async function openCheckFor(ctx: ReadContext, adultId: string, today: string) {
  const [found] = await ctx.database.db.select({ check: dataChecks, asked: dataCheckAdults }).from(dataCheckAdults)
    .innerJoin(dataChecks, eq(dataChecks.id, dataCheckAdults.checkId))
    .where(and(
      eq(dataCheckAdults.schoolId, ctx.school.id), eq(dataCheckAdults.adultId, adultId), eq(dataChecks.status, 'open'),
      sql`${dataChecks.closesOn} >= ${today}`
    ))
    .orderBy(sql`case when ${dataCheckAdults.state} = 'waiting' then 0 else 1 end`, asc(dataChecks.closesOn), asc(dataChecks.id))
    .limit(1)
  return found
}

/** The children the check asks the adult about whom standing still lets the portal show them today (`details`), in name order. */
async function childrenAsked(ctx: ReadContext, checkId: string, adultId: string, today: string) {
  const rows = await ctx.database.db.select({ childId: dataCheckChildren.childId }).from(dataCheckChildren)
    .where(and(eq(dataCheckChildren.schoolId, ctx.school.id), eq(dataCheckChildren.checkId, checkId), eq(dataCheckChildren.adultId, adultId)))
  const asked = new Set(rows.map(row => row.childId))
  return (await childrenWithStanding(ctx, adultId, 'details', today)).filter(child => asked.has(child.id))
}

/**
 * The data check as the portal shows it: the open check asking the adult (null when none), their own details and
 * what the school keeps elsewhere, and for each child asked about, their emergency contacts, collectors and medical needs.
 */
export async function portalDataCheck(ctx: ReadContext, adultId: string, today: string) {
  const found = await openCheckFor(ctx, adultId, today)
  const own = await ownDetails(ctx, adultId)
  if (!found) return { check: null, adult: own.adult, heldElsewhere: own.heldElsewhere, children: [] }
  const children = await childrenAsked(ctx, found.check.id, adultId, today)
  return {
    check: { id: found.check.id, closesOn: found.check.closesOn, state: found.asked.state, answeredAt: found.asked.answeredAt },
    adult: own.adult,
    heldElsewhere: own.heldElsewhere,
    children: await Promise.all(children.map(async (child) => {
      const { contactsUpdatedAt: _, ...care } = await readChildCare(ctx.database.db, ctx.school.id, child.id)
      return { child, ...care }
    }))
  }
}

/**
 * The adult's place in a check that takes answers today: `not_found` for a check of another school, one not asking
 * them or no check at all (one answer, so no id tells which), `conflict` once it has closed.
 */
async function requireAsked(ctx: ReadContext, adultId: string, checkId: string, today: string) {
  const [found] = await ctx.database.db.select({ check: dataChecks, asked: dataCheckAdults }).from(dataCheckAdults)
    .innerJoin(dataChecks, eq(dataChecks.id, dataCheckAdults.checkId))
    .where(and(eq(dataCheckAdults.schoolId, ctx.school.id), eq(dataCheckAdults.checkId, checkId), eq(dataCheckAdults.adultId, adultId)))
  if (!found) throw domainError('not_found', ['No data check asks you with this id.'])
  if (!takesAnswers(found.check, today)) throw domainError('conflict', ['The data check has closed.'])
  return found
}

/** Records that the adult confirms everything as on file; `conflict` once they have answered. */
export async function confirmDataCheck(ctx: DomainContext, adultId: string, checkId: string, today: string) {
  await requireAsked(ctx, adultId, checkId, today)
  const at = timestampNow()
  const [row] = await ctx.database.transaction(tx => tx.update(dataCheckAdults).set({ state: 'confirmed', answeredAt: at })
    .where(and(eq(dataCheckAdults.checkId, checkId), eq(dataCheckAdults.adultId, adultId), eq(dataCheckAdults.state, 'waiting')))
    .returning())
  if (!row) throw domainError('conflict', ['You have answered this data check already.'])
  return { state: row.state, answeredAt: at, requests: [] }
}

/**
 * What one child's correction asks, against what is on file: each list sent that differs from it. A family names an
 * adult on file only where the list on file already does, or names itself; anyone else is a new person (a name and
 * a phone number).
 */
async function childChange(ctx: ReadContext, adultId: string, input: ChildCorrectionInput, path: string): Promise<DetailChange | null> {
  const onFile = keptLists(await readChildCare(ctx.database.db, ctx.school.id, input.childId))
  const allowed = new Set([adultId, ...[...onFile.emergencyContacts, ...onFile.collectors].flatMap(entry => entry.personId ? [entry.personId] : [])])
  const asked: ChildCareLists = {}
  if (input.emergencyContacts) {
    asked.emergencyContacts = await resolveContacts(ctx, input.emergencyContacts, `${path}.emergencyContacts`, { childId: input.childId, allowed })
  }
  if (input.collectors) asked.collectors = await resolveContacts(ctx, input.collectors, `${path}.collectors`, { childId: input.childId, allowed })
  if (input.medicalNeeds) asked.medicalNeeds = keptMedicalNeeds(input.medicalNeeds)
  const fields = (['emergencyContacts', 'collectors', 'medicalNeeds'] as const).filter(field => asked[field] && !sameList(asked[field]!, onFile[field]))
  if (!fields.length) return null
  return {
    changes: Object.fromEntries(fields.map(field => [field, asked[field]])),
    before: Object.fromEntries(fields.map(field => [field, onFile[field]]))
  }
}

/**
 * The adult's corrections: their own details through the detail-request queue (its `held_elsewhere` refusal for names
 * the SIS keeps), and each child's lists as a request about that child, which the office approves or rejects. A child
 * the check did not ask them about, or standing no longer shows them, is `standing_withheld` (one body). Nothing that
 * differs from what is on file is `validation_failed`: confirm instead. The requests and the adult's answer are one
 * transaction; a correction may follow an earlier answer while the check is open (a pending request is replaced).
 */
export async function correctDataCheck(ctx: DomainContext, caller: Caller, input: DataCheckCorrection, today: string) {
  // Children first: one answer for a child kept from the adult, whether or not the check asks them at all.
  const shown = new Set((await childrenAsked(ctx, input.checkId, caller.adultId, today)).map(child => child.id))
  for (const child of input.children ?? []) if (!shown.has(child.childId)) throw standingWithheld()
  const { check } = await requireAsked(ctx, caller.adultId, input.checkId, today)
  const own = input.own && Object.values(input.own).some(value => value !== undefined)
    ? await ownDetailChange(ctx, caller.adultId, input.own, 'own.').catch((error) => {
        // Every field already on file: not a correction of these, but others may still be.
        if (error instanceof DomainError && error.code === 'validation_failed' && input.children?.length) return null
        throw error
      })
    : null
  const children: { childId: string, change: DetailChange }[] = []
  for (const [i, child] of (input.children ?? []).entries()) {
    const change = await childChange(ctx, caller.adultId, child, `children[${i}]`)
    if (change) children.push({ childId: child.childId, change })
  }
  if (!own && !children.length) {
    throw validationFailed([{ path: input.children?.length ? 'children' : 'own', message: 'Nothing here differs from what is on file: confirm instead.' }])
  }
  const at = timestampNow()
  const requests = await ctx.database.transaction(async (tx) => {
    await lockAdultRequests(ctx.database, tx, caller.adultId)
    const ids: string[] = []
    if (own) ids.push((await writeDetailRequest(tx, ctx, caller, null, own)).id)
    for (const child of children) ids.push((await writeDetailRequest(tx, ctx, caller, child.childId, child.change)).id)
    await tx.update(dataCheckAdults).set({ state: 'corrected', answeredAt: at })
      .where(and(eq(dataCheckAdults.checkId, check.id), eq(dataCheckAdults.adultId, caller.adultId)))
    return ids
  })
  return { state: 'corrected' as const, answeredAt: at, requests }
}
