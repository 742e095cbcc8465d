import { writeChanges } from '../../server/domain/shared/write-changes'
import { insertPerson } from '../../server/domain/people/person-record'
import { insertAffiliation } from '../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../server/domain/people/parental-responsibility'
import { applyBillingSplit } from '../../server/domain/billing/set-billing-split'
import type { DomainContext } from '../../server/domain/shared/context'

/**
 * A student on the roll with two carers (the mother pays everything), written through the domain's
 * own inserts, for tests of a person's record that need a family nobody else moves.
 */
export function seedFamily(context: DomainContext, names: { family: string, child: string } = { family: 'Okafor', child: 'Adaeze' }) {
  const { school } = context
  return writeChanges(context, async (tx, changes) => {
    const child = await insertPerson(tx, changes, school.id, { familyName: names.family, givenNames: names.child, dateOfBirth: '2015-04-02' })
    const mother = await insertPerson(tx, changes, school.id, { familyName: names.family, givenNames: 'Ngozi' })
    const father = await insertPerson(tx, changes, school.id, { familyName: names.family, givenNames: 'Emeka' })
    const span = await insertAffiliation(tx, changes, school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '3' })
    await insertParentalResponsibility(tx, changes, school, { adultId: mother, childId: child, relationship: 'mother', validFrom: '2015-04-02' })
    await insertParentalResponsibility(tx, changes, school, { adultId: father, childId: child, relationship: 'father', validFrom: '2015-04-02' })
    await applyBillingSplit(tx, changes, school, child, { category: 'all', from: '2024-01-29', shares: [{ payerId: mother, share: 10_000 }] })
    return { child, mother, father, span }
  })
}
