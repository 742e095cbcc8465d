import type { SchoolLists, ModuleName, ModuleMode } from '../../../db/schema'

/** A school as every domain function receives it: the school is a required argument, never a filter to remember. */
export interface SchoolRef {
  id: string
  name: string
  timeZone: string
  lists: SchoolLists
  modules: Partial<Record<ModuleName, ModuleMode>>
  /** The school's data version when this reference was read: it changes with every write of its data. */
  dataVersion: number
}
