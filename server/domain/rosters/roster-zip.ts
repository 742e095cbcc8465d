import { strToU8, zipSync } from 'fflate'
import type { DomainContext } from '../shared/context'
import { buildRoster } from './build-roster'

/**
 * The same checked set as one zip (`oneroster.zip`, `sds.zip`, `oneroster12.zip`), the files at its top level as both
 * formats expect, each stamped with the set's `asAt`; for the screens' download and `roster export`.
 */
export async function rosterZip(
  ctx: DomainContext, format: string
): Promise<{ fileName: string, bytes: Uint8Array, counts: Awaited<ReturnType<typeof buildRoster>>['counts'] }> {
  const set = await buildRoster(ctx, format)
  const mtime = new Date(set.asAt)
  const bytes = zipSync(Object.fromEntries(set.files.map(file => [file.name, [strToU8(file.content), { mtime }]])), { level: 6 })
  return { fileName: `${format}.zip`, bytes, counts: set.counts }
}
