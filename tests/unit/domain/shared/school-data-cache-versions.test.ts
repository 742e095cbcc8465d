import { describe, expect, it } from 'vitest'
import type { SchoolRef } from '../../../../server/domain/shared/context'
import { SchoolDataCache } from '../../../../server/domain/shared/school-data-cache'

const school = (id: string, dataVersion: number) => ({ id, dataVersion }) as SchoolRef
const keep = (cache: SchoolDataCache, ref: SchoolRef, key: string, value = `${key}@${ref.dataVersion}`) =>
  cache.get(ref, key, async () => value, text => text.length * 2)

describe('kept values of a school\'s data', () => {
  it('serves a value while the school\'s data version stays, and builds it again after', async () => {
    const cache = new SchoolDataCache()
    await keep(cache, school('sch_a', 1), 'people')
    expect(await cache.get(school('sch_a', 1), 'people', async () => 'rebuilt', text => text.length)).toBe('people@1')
    expect(await cache.get(school('sch_a', 2), 'people', async () => 'rebuilt', text => text.length)).toBe('rebuilt')
  })

  it('drops every value of older versions at the first sight of a newer one, and only that school\'s', async () => {
    const cache = new SchoolDataCache()
    for (let i = 0; i < 100; i++) await keep(cache, school('sch_a', 1), `page ${i}`)
    await keep(cache, school('sch_b', 7), 'people')
    const heldBefore = cache.heldBytes
    await keep(cache, school('sch_a', 2), 'page 0')
    expect(cache.heldBytes).toBeLessThan(heldBefore / 50)
    expect(await cache.get(school('sch_b', 7), 'people', async () => 'rebuilt', text => text.length)).toBe('people@7')
  })

  it('keeps nothing for a reader still on an older version, nor lets it replace a newer value', async () => {
    const cache = new SchoolDataCache()
    await keep(cache, school('sch_a', 3), 'people')
    const held = cache.heldBytes
    expect(await keep(cache, school('sch_a', 2), 'alumni')).toBe('alumni@2')
    expect(await keep(cache, school('sch_a', 2), 'people')).toBe('people@2')
    expect(cache.heldBytes).toBe(held)
    expect(await cache.get(school('sch_a', 3), 'people', async () => 'rebuilt', text => text.length)).toBe('people@3')
  })

  it('stays within its bound, least recently used out first', async () => {
    const cache = new SchoolDataCache()
    cache.maxBytes = 1000
    for (let i = 0; i < 50; i++) await keep(cache, school('sch_a', 1), `k${i}`, 'x'.repeat(100))
    expect(cache.heldBytes).toBeLessThanOrEqual(1000)
  })
})
