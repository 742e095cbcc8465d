import type { ModuleMode, ModuleName } from './vocabulary'

/**
 * Settings → Modules in words: what each part of the service is, and what each setting does to the
 * screens and to /api/v1. The rule itself is server/domain/access/switches.ts; this only says it.
 */
export const moduleGuide: Record<ModuleName, { label: string, what: string }> = {
  people: { label: 'People', what: 'The directory of students, families and staff, their affiliations and alumni (/api/v1/people, /affiliations, /alumni).' },
  billing: { label: 'Billing', what: 'Who pays for each child, shares, concessions and scholarships (/api/v1/billing).' },
  admissions: { label: 'Admissions', what: 'Enquiries, tours, applications and starters (/api/v1/enquiries, /tours, /applications, /starters).' },
  rosters: { label: 'Rosters', what: 'Class rosters for learning platforms: OneRoster and directory-sync files (/api/v1/rosters).' },
  staff_import: { label: 'HRIS import', what: 'Staff sent from the HR system\'s export (/api/v1/staff/import).' },
  people_sync: { label: 'People sync', what: 'Students and families sent from the student information system (/api/v1/people/sync).' },
  exports: { label: 'Exports', what: 'Nightly warehouse files of the school\'s tables (/api/v1/exports).' },
  webhooks: { label: 'Webhooks', what: 'Change notices sent to the school\'s subscribed systems.' }
}

/** What each setting does, the same for every module. */
export const moduleModeGuide: Record<ModuleMode, { label: string, effect: string }> = {
  on: { label: 'On', effect: 'Screens and /api/v1 read and change it.' },
  read_only: { label: 'Read-only', effect: 'Screens and /api/v1 still read it; every change through /api/v1 answers component_off, and nothing changes it.' },
  off: { label: 'Off', effect: 'Every /api/v1 request for it answers component_off, its files and notices stop, and its records are kept untouched.' }
}
