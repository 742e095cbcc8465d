import { describe, expect, it } from 'vitest'
import {
  districtKey, districtSchoolName, districtSchoolSeed, districtShape, mostDistrictSchools, parseDistrictSchools
} from '../../../../../../server/domain/setup/demo/district-shape'

describe('the district\'s shape', () => {
  it('is the issue\'s district unless told: 100 schools of 2,000 students, one child a family at each', () => {
    expect(districtShape()).toEqual({ schools: 100, studentsPerSchool: 2000, childrenPerFamily: 1 })
    expect(districtShape(4)).toEqual({ schools: 4, studentsPerSchool: 2000, childrenPerFamily: 1 })
  })

  it.each([['1', 1], ['5', 5], [' 100 ', 100], [String(mostDistrictSchools), mostDistrictSchools]])('--district-schools %j is %d schools', (text, schools) => {
    expect(parseDistrictSchools(text)).toBe(schools)
  })

  it('takes 100 schools when --district-schools is not given', () => {
    expect(parseDistrictSchools(undefined)).toBe(100)
  })

  it.each(['0', '-3', '2.5', 'ten', '', String(mostDistrictSchools + 1)])('refuses --district-schools %j, saying what it takes', (text) => {
    expect(() => parseDistrictSchools(text)).toThrow(`from 1 to ${mostDistrictSchools}`)
  })
})

describe('a kept district\'s key', () => {
  const key = districtKey(districtShape(), '0040_subject_access')

  it('is the same for the same shape and schema, so a rerun keeps the data set', () => {
    expect(districtKey(districtShape(), '0040_subject_access')).toBe(key)
  })

  it.each([
    ['another number of schools', districtKey(districtShape(5), '0040_subject_access')],
    ['another school size', districtKey({ ...districtShape(), studentsPerSchool: 1000 }, '0040_subject_access')],
    ['other families', districtKey({ ...districtShape(), childrenPerFamily: 3 }, '0040_subject_access')],
    ['a new migration', districtKey(districtShape(), '0041_district')]
  ])('differs with %s, so the district is built again', (_, other) => {
    expect(other).not.toBe(key)
  })
})

describe('the district\'s schools', () => {
  it('are named in the order they are built', () => {
    expect([0, 8, 99].map(districtSchoolName)).toEqual(['District School 001', 'District School 009', 'District School 100'])
  })

  it('each have a seed of their own', () => {
    expect(new Set(Array.from({ length: 100 }, (_, i) => districtSchoolSeed(i))).size).toBe(100)
  })
})
