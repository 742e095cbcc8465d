import { affiliations, people, type AffiliationKind } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../shared/clock'
import { nameSortKey } from '../people/name-key'
import { demoFamilyNames, demoGivenNames } from './demo-names'
import { seededRandom, type SeededRandom } from './seeded-random'

export interface DemoOptions {
  students?: number
  seed?: number
}

export interface DemoSummary {
  students: number
  carers: number
  staff: number
  alumni: number
  deleted: number
}

type PersonRow = typeof people.$inferInsert
type AffiliationRow = typeof affiliations.$inferInsert

/** Rows gathered in memory and written in batches, each announced in the outbox. */
class DemoBatch {
  readonly people: PersonRow[] = []
  readonly affiliations: AffiliationRow[] = []
  constructor(readonly schoolId: string, readonly now: string) {}

  person(familyName: string, givenNames: string, extra: Partial<PersonRow> = {}): string {
    const id = newId('per')
    this.people.push({
      id, schoolId: this.schoolId, familyName, givenNames, nameKey: nameSortKey(familyName, givenNames),
      dateOfBirth: null, email: null, phone: null, createdAt: this.now, updatedAt: this.now, deletedAt: null, ...extra
    })
    return id
  }

  span(personId: string, kind: AffiliationKind, validFrom: string, validTo: string | null = null) {
    this.affiliations.push({ id: newId('aff'), schoolId: this.schoolId, personId, kind, validFrom, validTo, createdAt: this.now })
  }

  async write(tx: Db, changes: ChangeLog) {
    for (let i = 0; i < this.people.length; i += 500) await tx.insert(people).values(this.people.slice(i, i + 500))
    for (let i = 0; i < this.affiliations.length; i += 500) await tx.insert(affiliations).values(this.affiliations.slice(i, i + 500))
    for (const person of this.people) changes.record('person.created', 'people', person.id)
    for (const span of this.affiliations) changes.record('affiliation.created', 'affiliations', span.id)
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

function dateOfBirthFor(random: SeededRandom, yearOfBirth: number) {
  return `${yearOfBirth}-${pad(random.integer(1, 12))}-${pad(random.integer(1, 28))}`
}

/**
 * Fills a school with realistic, deterministic sample data: students in families with one or two
 * carers, staff, former students and staff with closed spans, and a few deleted people.
 */
export async function seedDemoSchool(ctx: DomainContext, options: DemoOptions = {}): Promise<DemoSummary> {
  const random = seededRandom(options.seed ?? 20261122)
  const studentCount = options.students ?? 200
  const today = todayInZone(ctx.school.timeZone)
  const thisYear = Number(today.slice(0, 4))
  const yearLevels = ctx.school.lists.yearLevels
  const batch = new DemoBatch(ctx.school.id, timestampNow())
  const summary: DemoSummary = { students: 0, carers: 0, staff: 0, alumni: 0, deleted: 0 }

  while (summary.students < studentCount) {
    const familyName = random.pick(demoFamilyNames)
    const carerCount = random.chance(0.7) ? 2 : 1
    for (let c = 0; c < carerCount; c++) {
      const given = random.pick(demoGivenNames)
      batch.person(familyName, given, {
        email: `${given}.${familyName}.${batch.people.length}@example.org`.toLowerCase().normalize('NFKD').replace(/[^a-z0-9.@]/g, ''),
        phone: `+61 4${random.integer(10, 99)} ${random.integer(100, 999)} ${random.integer(100, 999)}`,
        dateOfBirth: dateOfBirthFor(random, thisYear - random.integer(30, 55))
      })
      summary.carers++
    }
    const children = Math.min(random.integer(1, 3), studentCount - summary.students)
    for (let k = 0; k < children; k++) {
      const levelIndex = random.integer(0, yearLevels.length - 1)
      const id = batch.person(familyName, `${random.pick(demoGivenNames)}${random.chance(0.3) ? ' ' + random.pick(demoGivenNames) : ''}`, {
        dateOfBirth: dateOfBirthFor(random, thisYear - 6 - levelIndex)
      })
      batch.span(id, 'student', `${thisYear - levelIndex}-01-${pad(random.integer(27, 31))}`)
      summary.students++
    }
  }

  for (let s = 0; s < Math.max(5, Math.round(studentCount / 10)); s++) {
    const id = batch.person(random.pick(demoFamilyNames), random.pick(demoGivenNames), { dateOfBirth: dateOfBirthFor(random, thisYear - random.integer(24, 64)) })
    const startYear = thisYear - random.integer(0, 15)
    const left = random.chance(0.15)
    batch.span(id, 'staff_member', `${startYear}-01-${pad(random.integer(20, 31))}`, left ? `${Math.min(thisYear - 1, startYear + random.integer(1, 5))}-12-${pad(random.integer(10, 20))}` : null)
    if (random.chance(0.05)) batch.span(id, 'board_member', `${startYear}-03-01`)
    summary.staff++
  }

  for (let a = 0; a < Math.max(5, Math.round(studentCount / 5)); a++) {
    const exitYear = thisYear - random.integer(1, 10)
    const years = random.integer(1, 6)
    const id = batch.person(random.pick(demoFamilyNames), random.pick(demoGivenNames), { dateOfBirth: dateOfBirthFor(random, exitYear - 18 + random.integer(0, 5)) })
    batch.span(id, 'student', `${exitYear - years}-01-${pad(random.integer(27, 31))}`, `${exitYear}-12-${pad(random.integer(5, 15))}`)
    summary.alumni++
  }

  for (let d = 0; d < Math.max(2, Math.round(studentCount / 100)); d++) {
    batch.person(random.pick(demoFamilyNames), random.pick(demoGivenNames), { deletedAt: batch.now })
    summary.deleted++
  }

  await writeChanges(ctx, (tx, changes) => batch.write(tx, changes))
  return summary
}
