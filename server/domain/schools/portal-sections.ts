import { eq, sql } from 'drizzle-orm'
import { schools } from '../../../db/schema'
import { portalSections, type PortalSection } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { recordActivity } from '../activity/record-activity'
import { schoolInTransaction } from './school-settings'

/** The family portal's sections the school switched off for families. */
export function portalSectionsOff(school: DomainContext['school']) {
  return { off: school.lists.portalSectionsOff ?? [] }
}

/**
 * Switches the family portal's sections: those in `off` answer `section_off` to families and leave
 * their menu; staff previewing still see them. Kept in the school's lists like its other settings,
 * with its data version moved on in the same write, and recorded in Activity when anything changed.
 */
export async function setPortalSectionsOff(ctx: DomainContext, off: readonly PortalSection[]) {
  const wanted = portalSections.filter(section => off.includes(section))
  return ctx.database.transaction(async (tx) => {
    const school = await schoolInTransaction(tx, ctx.school.id)
    const before = school.lists.portalSectionsOff ?? []
    await tx.update(schools)
      .set({ lists: JSON.stringify({ ...school.lists, portalSectionsOff: wanted }), dataVersion: sql`${schools.dataVersion} + 1` })
      .where(eq(schools.id, school.id))
    if (before.join(' ') !== wanted.join(' ')) {
      const switchedOff = wanted.filter(section => !before.includes(section))
      const switchedOn = before.filter(section => !wanted.includes(section))
      const changed = [switchedOff.length ? `${switchedOff.join(', ')} off` : '', switchedOn.length ? `${switchedOn.join(', ')} on` : '']
      await recordActivity(tx, ctx, {
        kind: 'portal_sections.changed', subjectType: 'school', subjectId: school.id,
        summary: `Family portal sections changed: ${changed.filter(Boolean).join('; ')}`,
        changes: { portalSectionsOff: [before, wanted] }
      })
    }
    return { off: wanted }
  })
}
