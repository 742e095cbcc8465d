/**
 * The mark a built district carries (a table of the bench's own, beside the app's): the key of the shape it
 * was built to (district-shape.ts's districtKey), when and in how long. It is written once the build step has
 * exited well, so a build cut short carries none and is built again.
 */
import postgres from 'postgres'

export interface DistrictMark { key: string, builtAt: string, seconds: number }

const connect = (url: string) => postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} })

/** The district database's mark, or undefined when it has none (never built, a build cut short, or no such database). */
export async function readDistrictMark(url: string): Promise<DistrictMark | undefined> {
  const client = connect(url)
  try {
    const [row] = await client<DistrictMark[]>`select key, built_at as "builtAt", seconds from bench_district`
    return row
  } catch {
    return undefined
  } finally {
    await client.end({ timeout: 1 })
  }
}

/** Marks the district's database as built to `key` in `seconds`. */
export async function markDistrict(url: string, key: string, seconds: number) {
  const client = connect(url)
  try {
    await client.begin(async (tx) => {
      await tx`create table if not exists bench_district (key text primary key, built_at text not null, seconds double precision not null)`
      await tx`delete from bench_district`
      await tx`insert into bench_district (key, built_at, seconds) values (${key}, ${new Date().toISOString()}, ${seconds})`
    })
  } finally {
    await client.end({ timeout: 1 })
  }
}
