import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldPath, fieldProblems } from '../../../shared/field-problems'

describe('field paths', () => {
  it.each([
    [['adults', 1, 'email'], 'adults[1].email'],
    [['limit'], 'limit'],
    [['student', 'familyName'], 'student.familyName'],
    [[], ''],
    [['k'.repeat(100_000)], `${'k'.repeat(40)}…`],
    [['adults', 0, 'x'.repeat(41)], `adults[0].${'x'.repeat(40)}…`]
  ])('%j is %s (a client\'s long field name cut to an excerpt)', (path, expected) => {
    expect(fieldPath(path)).toBe(expected)
  })

  it('names each unknown field on its own', () => {
    const result = z.strictObject({ a: z.strictObject({ b: z.string() }) }).safeParse({ a: { b: 'x', c: 1, d: 2 }, e: 3 })
    expect(fieldProblems(result.error!).map(p => p.path).sort()).toEqual(['a.c', 'a.d', 'e'])
  })
})
