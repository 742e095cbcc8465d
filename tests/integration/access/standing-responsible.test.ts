import { beforeAll, describe, expect, it, vi } from 'vitest'
import { holdsResponsibility, standingOf } from '../../../server/domain/access/standing'
import { reachOf } from '../../../server/domain/messages/audience'
import { seedPortalFamilies } from '../../support/portal-families'
import { newSchool } from '../../support/schools'

/** Whether standing's reasons are being reworded, as a later edit of the office's sentences would. */
const rewording = vi.hoisted(() => ({ on: false }))

// The reasons are the office's words: every reason standing gives is reworded here while `rewording.on`.
vi.mock('../../../server/domain/access/standing', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../server/domain/access/standing')>()
  const reword = (reasons: string[]) => rewording.on ? reasons.map(reason => `Reworded: ${reason.toUpperCase()}`) : reasons
  return {
    ...original,
    standingsOfChildren: async (...args: Parameters<typeof original.standingsOfChildren>) => {
      const answer = await original.standingsOfChildren(...args)
      for (const entries of answer.values()) for (const entry of entries) entry.standing = { ...entry.standing, reasons: reword(entry.standing.reasons) }
      return answer
    }
  }
})

/*
 * Standing is a value, not a sentence (issue 35, point 4): decide() sets `responsible`, and who holds
 * responsibility (the message screens' left-out counts) reads that, so rewording the reasons the office
 * reads changes no count.
 */
describe('holding responsibility is a value of standing, not its words', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>

  beforeAll(async () => {
    school = await newSchool({ name: 'Standing Words School' })
    families = await seedPortalFamilies(school)
  })

  it('sets responsible for an adult holding responsibility whatever a flag or an order withholds, and not for one who held it', async () => {
    expect((await standingOf(school, families.separated, families.tama, families.today)).responsible).toBe(true)
    expect((await standingOf(school, families.unsafe, families.mere, families.today)).responsible).toBe(true)
    expect((await standingOf(school, families.former, families.rua, families.today)).responsible).toBe(false)
    const separated = await standingOf(school, families.separated, families.tama, families.today)
    expect(holdsResponsibility({ ...separated, reasons: ['Holds it, in other words'] })).toBe(true)
  })

  it('counts the same adults left out of a message when the reasons are reworded', async () => {
    const entries = [families.aroha, families.tama, families.mere, families.rua].map(childId => ({ childId }))
    rewording.on = false
    const plain = await reachOf(school, entries, 'messages', families.today)
    rewording.on = true
    const reworded = await reachOf(school, entries, 'messages', families.today)
    rewording.on = false
    // The separated parent (an order on details) and the parent the flag does not name: both hold responsibility.
    expect(plain.leftOutCount).toBe(2)
    expect(reworded.leftOutCount).toBe(plain.leftOutCount)
    expect([...reworded.adults.keys()].sort()).toEqual([...plain.adults.keys()].sort())
  })
})
