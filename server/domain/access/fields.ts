import type { ColumnClass } from '../../../shared/vocabulary'
import type { Capability } from './catalogue'
import type { Access } from './access'

/**
 * The classes of what the service holds about a person: `general` (ids, kinds, spans), `personal`
 * (names, dates of birth, contact) and `restricted` (court orders, protection, exit reasons). Export
 * columns carry the same classes (shared/vocabulary.ts).
 */
export type FieldClass = ColumnClass

/** The capability that reveals each class; `general` comes with whatever let the caller in. */
const revealedBy: Record<FieldClass, Capability | null> = { general: null, personal: 'person.read', restricted: 'restricted.read' }

/** The classes of a person's fields this caller may see. */
export function fieldsVisible(access: Pick<Access, 'capabilities'>): ReadonlySet<FieldClass> {
  return new Set((Object.keys(revealedBy) as FieldClass[]).filter((fieldClass) => {
    const capability = revealedBy[fieldClass]
    return capability === null || access.capabilities.has(capability)
  }))
}

/**
 * What the warehouse export files hold: one file serves every holder of `export.read`, so it carries
 * general and personal columns and never a restricted one, whoever fetches it.
 */
export const fieldsInExportFiles: ReadonlySet<FieldClass> = new Set(['general', 'personal'])
