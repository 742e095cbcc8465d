import type { SchoolRef } from './school-ref'

interface Kept { version: number, value: unknown, bytes: number }

/**
 * Values that depend only on a school's data (kept answers, the alumni roll), kept until the
 * school's data changes. Every write of a school's data or settings bumps its data version in the
 * write's own transaction, and the version is read with the caller before any data is, so a kept
 * value is never older than the version it is held under; the first reader to see a newer version
 * builds it again. This holds across server instances, each keeping its own.
 *
 * Bounded by bytes, least recently used first out: one store for every kind of value, so a school
 * with a large roll cannot push the memory past the bound however its values are split. A value of
 * an older version than the newest seen can never be served again, so the first sight of a newer
 * version drops the school's older values at once, and a reader still on an older one keeps nothing.
 */
export class SchoolDataCache {
  private readonly kept = new Map<string, Kept>()
  private readonly schools = new Map<string, { newest: number, slots: Set<string> }>()
  /**
   * Builds under way, by slot and version: readers that miss at once share one build rather than each making the same
   * value (while a school is written to every few milliseconds, as during an erasure, every reader misses).
   */
  private readonly building = new Map<string, Promise<unknown>>()
  private bytes = 0
  maxBytes = 64 * 1024 * 1024

  async get<T>(school: SchoolRef, key: string, build: () => Promise<T>, sizeOf: (value: T) => number): Promise<T> {
    const slot = `${school.id}\u0000${key}`
    const held = this.kept.get(slot)
    if (held && held.version === school.dataVersion) {
      this.kept.delete(slot)
      this.kept.set(slot, held)
      return held.value as T
    }
    const flight = `${slot}\u0000${school.dataVersion}`
    const under = this.building.get(flight)
    if (under) return under as Promise<T>
    const building = this.buildAndKeep(school, slot, build, sizeOf)
    this.building.set(flight, building)
    try {
      return await building
    } finally {
      this.building.delete(flight)
    }
  }

  private async buildAndKeep<T>(school: SchoolRef, slot: string, build: () => Promise<T>, sizeOf: (value: T) => number): Promise<T> {
    this.dropOlderThan(school.id, school.dataVersion)
    const value = await build()
    const bytes = sizeOf(value) + slot.length * 2
    const known = this.schools.get(school.id)
    if (bytes <= this.maxBytes && (!known || school.dataVersion >= known.newest)) {
      this.forget(slot)
      const entry = known ?? { newest: school.dataVersion, slots: new Set<string>() }
      this.schools.set(school.id, entry)
      entry.slots.add(slot)
      this.kept.set(slot, { version: school.dataVersion, value, bytes })
      this.bytes += bytes
      for (const oldest of this.kept.keys()) {
        if (this.bytes <= this.maxBytes) break
        this.forget(oldest)
      }
    }
    return value
  }

  /** Drops a school's values of versions before `version` once `version` is the newest seen. */
  private dropOlderThan(schoolId: string, version: number) {
    const known = this.schools.get(schoolId)
    if (!known || version <= known.newest) return
    known.newest = version
    for (const slot of known.slots) {
      if (this.kept.get(slot)!.version < version) this.forget(slot)
    }
  }

  private forget(slot: string) {
    const held = this.kept.get(slot)
    if (!held) return
    this.kept.delete(slot)
    this.bytes -= held.bytes
    const schoolId = slot.slice(0, slot.indexOf('\u0000'))
    const known = this.schools.get(schoolId)
    known?.slots.delete(slot)
    if (known && known.slots.size === 0) this.schools.delete(schoolId)
  }

  /** Bytes held now, for tests and metrics. */
  get heldBytes() {
    return this.bytes
  }
}

/** The one store of kept values of the process; its bound is set at start-up (ANSWER_CACHE_MB). */
export const schoolDataCache = new SchoolDataCache()
