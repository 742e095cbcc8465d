import { and, eq } from 'drizzle-orm'
import { people } from '../../../db/schema'
import { portalSections, type ModuleName, type PortalSection } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { childrenWithStanding } from '../access/children-shown'
import { openCheckFor } from '../data-checks/portal-data-check'
import { moduleSwitch } from '../access/switches'
import { schoolClock } from '../schools/school-clock'
import { schoolLanguages } from '../schools/school-languages'

/** The module a section's routes belong to (their `module` declarations): a section of a module the school does not run is not offered. */
export const sectionModules: Partial<Record<PortalSection, ModuleName>> = {
  children: 'people', details: 'people', payers: 'billing', fees: 'billing', applications: 'admissions', absences: 'people'
}

/**
 * The sections a portal caller sees: those the school leaves on, or every one for staff previewing
 * (each marked); never one whose module the school switched off, whose routes answer `component_off` to everyone.
 */
export function sectionsFor(school: DomainContext['school'], preview: boolean) {
  const off = new Set<PortalSection>(school.lists.portalSectionsOff ?? [])
  return portalSections
    .filter(section => (preview || !off.has(section)) && (!sectionModules[section] || moduleSwitch(school, sectionModules[section]) !== 'off'))
    .map(section => ({ name: section, off: off.has(section) }))
}

/**
 * The data check waiting for the adult's answer, closing soonest (docs/data-check.md): the front page shows it first
 * until they answer. None while Our details, where it lives, is off for families or its module is.
 */
async function waitingDataCheck(ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string, day: string, sections: { name: PortalSection }[]) {
  if (!sections.some(section => section.name === 'details')) return null
  // The open check asking the adult comes waiting first: when it is not waiting, none is.
  const found = await openCheckFor(ctx, adultId, day)
  return found?.asked.state === 'waiting' ? { id: found.check.id, closesOn: found.check.closesOn } : null
}

/**
 * The portal's front page: who the caller is in it, its sections, and the children they have `details`
 * standing on today (no other child is named or counted).
 */
export async function portalHome(ctx: Pick<DomainContext, 'database' | 'school'>, caller: { adultId: string, preview: boolean }, day: string) {
  const [found] = await ctx.database.db.select({
    id: people.id, familyName: people.familyName, givenNames: people.givenNames, preferredLanguage: people.preferredLanguage
  }).from(people)
    .where(and(eq(people.id, caller.adultId), eq(people.schoolId, ctx.school.id)))
  const { preferredLanguage = null, ...adult } = found ?? { id: caller.adultId, familyName: '', givenNames: '' }
  const sections = sectionsFor(ctx.school, caller.preview)
  return {
    school: { name: ctx.school.name, languages: schoolLanguages(ctx.school) },
    adult,
    preferredLanguage,
    preview: caller.preview,
    sections,
    children: await childrenWithStanding(ctx, caller.adultId, 'details', day),
    dataCheck: await waitingDataCheck(ctx, caller.adultId, day, sections),
    schoolClock: schoolClock(ctx.school)
  }
}
