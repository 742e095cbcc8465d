/**
 * The shape of the bench's district (issue 43): how many schools, each a demo school of how many
 * students, and what makes a kept district stale. Pure, so the bench and its tests agree on it.
 */

export interface DistrictShape {
  schools: number
  studentsPerSchool: number
  /** The most children a family has at one school (seedDemoSchool's `childrenPerFamily`). */
  childrenPerFamily: number
}

/**
 * Bumped whenever what the district builder writes for a school changes, so that a kept district made
 * by an older builder is built again rather than measured.
 */
export const districtBuilderVersion = 1

/** The most schools `--district-schools` takes: a district past this is not what the bench measures. */
export const mostDistrictSchools = 500

/**
 * The district: 100 schools of 2,000 students. One child per family at each school, as a district's
 * siblings are mostly at its other schools (primary and secondary), each school keeping its own record of the
 * family: about 1.7 adults a student, 340,000 across the district, where the demo's families of one to three
 * children give 0.85.
 */
export function districtShape(schools = 100): DistrictShape {
  return { schools, studentsPerSchool: 2000, childrenPerFamily: 1 }
}

/** `--district-schools N`: a whole number from 1 to mostDistrictSchools, or an error saying what it takes. */
export function parseDistrictSchools(text: string | undefined): number {
  if (text === undefined) return districtShape().schools
  const schools = Number(text)
  if (!/^\d+$/.test(text.trim()) || !Number.isInteger(schools) || schools < 1 || schools > mostDistrictSchools) {
    throw new Error(`--district-schools takes a whole number from 1 to ${mostDistrictSchools}, not "${text}".`)
  }
  return schools
}

/**
 * What a kept district is marked with: its shape, the builder's version and the schema's last migration.
 * Equal keys, the same data set; any difference (another size, a new migration) and it is built again.
 */
export function districtKey(shape: DistrictShape, lastMigration: string): string {
  return JSON.stringify({
    builder: districtBuilderVersion, migration: lastMigration, schools: shape.schools, studentsPerSchool: shape.studentsPerSchool,
    childrenPerFamily: shape.childrenPerFamily
  })
}

/** The `index`th school's name (from 0), numbered so that the schools list in the order they were built. */
export function districtSchoolName(index: number): string {
  return `District School ${String(index + 1).padStart(3, '0')}`
}

/** The `index`th school's demo seed: each school its own families and names, the same on every build. */
export function districtSchoolSeed(index: number): number {
  return 20261122 + index * 7919
}
