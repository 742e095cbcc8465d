import { describe, expect, it } from 'vitest'
import type { SchoolRef } from '../../../../../server/domain/shared/school-ref'
import { SchoolDataCache } from '../../../../../server/domain/shared/school-data-cache'

const school = (id: string, dataVersion = 1) => ({ id, dataVersion }) as SchoolRef

/** A store whose values say how many bytes they are, and which counts how often each is built. */
function countingStore(maxBytes: number) {
  const store = new SchoolDataCache()
  store.maxBytes = maxBytes
  const builds = new Map<string, number>()
  const get = (ref: SchoolRef, key: string, bytes: number) => store.get(ref, key, async () => {
    builds.set(key, (builds.get(key) ?? 0) + 1)
    return { key, bytes }
  }, value => value.bytes)
  return { store, builds, get }
}

/** Keeps a value that names its key and version. */
const keep = (cache: SchoolDataCache, ref: SchoolRef, key: string, value = `${key}@${ref.dataVersion}`) =>
  cache.get(ref, key, async () => value, text => text.length * 2)

describe('the store of kept values', () => {
  it('builds a value once for readers that miss it at the same time, again for a newer version, and again after a failed build', async () => {
    const store = new SchoolDataCache()
    let builds = 0
    let release!: () => void
    const gate = new Promise<void>(done => release = done)
    const slowly = (ref: SchoolRef) => store.get(ref, 'people', async () => {
      builds++
      await gate
      return `people@${ref.dataVersion}`
    }, text => text.length * 2)
    const readers = [slowly(school('sch_a', 4)), slowly(school('sch_a', 4)), slowly(school('sch_a', 4))]
    const newer = slowly(school('sch_a', 5))
    release()
    expect(await Promise.all(readers)).toEqual(['people@4', 'people@4', 'people@4'])
    expect(await newer).toBe('people@5')
    expect(builds).toBe(2)

    const failing = () => store.get(school('sch_b'), 'people', async () => {
      builds++
      throw new Error('the database went away')
    }, () => 0)
    await expect(Promise.all([failing(), failing()])).rejects.toThrow('the database went away')
    expect(builds).toBe(3)
    await expect(failing()).rejects.toThrow('the database went away')
    expect(builds).toBe(4)
  })

  it('never holds more than its byte bound, whatever mix of sizes arrives', async () => {
    const { store, get } = countingStore(10_000)
    let seed = 7
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    for (let i = 0; i < 2000; i++) {
      await get(school(`sch_${i % 13}`), `value ${Math.floor(random() * 60)}`, Math.floor(random() * 4000))
      expect(store.heldBytes).toBeLessThanOrEqual(10_000)
      expect(store.heldBytes).toBeGreaterThanOrEqual(0)
    }
  })

  it('keeps nothing larger than the bound, and nothing at all with a bound of 0', async () => {
    const { store, builds, get } = countingStore(1000)
    await get(school('sch_a'), 'huge', 5000)
    await get(school('sch_a'), 'huge', 5000)
    expect(builds.get('huge')).toBe(2)
    expect(store.heldBytes).toBe(0)

    const off = countingStore(0)
    await off.get(school('sch_a'), 'small', 1)
    await off.get(school('sch_a'), 'small', 1)
    expect(off.builds.get('small')).toBe(2)
  })

  it('drops the least recently used value first', async () => {
    // Each value takes 300 bytes and its slot's name a few more, so three fit in 1000 and four do not.
    const { builds, get } = countingStore(1000)
    for (const key of ['a', 'b', 'c']) await get(school('sch_lru'), key, 300)
    await get(school('sch_lru'), 'a', 300)
    await get(school('sch_lru'), 'd', 300)
    for (const key of ['a', 'c', 'd', 'b']) await get(school('sch_lru'), key, 300)
    expect(Object.fromEntries(builds)).toEqual({ a: 1, b: 2, c: 1, d: 1 })
  })

  it('builds again when the school\'s data version moves, replacing the value rather than adding to it', async () => {
    const { store, builds, get } = countingStore(10_000)
    await get(school('sch_v', 1), 'roll', 500)
    const held = store.heldBytes
    await get(school('sch_v', 1), 'roll', 500)
    await get(school('sch_v', 2), 'roll', 500)
    expect(builds.get('roll')).toBe(2)
    expect(store.heldBytes).toBe(held)
    // Another school's value under the same key is its own.
    await get(school('sch_w', 2), 'roll', 500)
    expect(builds.get('roll')).toBe(3)
  })
})

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
