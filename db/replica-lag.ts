/**
 * How far a streaming replica is behind its primary, from WAL positions alone (docs/read-replica.md).
 *
 * The replica's `pg_last_xact_replay_timestamp()` is the commit time of the last transaction it replayed: on a
 * primary that commits nothing for a minute it says a minute, though the replica lacks nothing. So the lag is
 * measured by position instead: every probe notes the primary's `pg_current_wal_lsn()` and when it read it; a
 * replica that has replayed up to a position the primary held at time t holds everything committed before t, so
 * it is at most `now - t` behind, and not behind at all once it replayed the primary's position of this probe.
 */

/** A PostgreSQL WAL position (`16/B374D848`) as one number, for comparing. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/')
  if (high === undefined || low === undefined || !/^[0-9A-F]{1,8}$/i.test(high) || !/^[0-9A-F]{1,8}$/i.test(low)) {
    throw new Error(`Not a WAL position: ${lsn}`)
  }
  // BigInt(32), not a literal: the server's build targets a language level without bigint literals.
  return (BigInt(`0x${high}`) << BigInt(32)) + BigInt(`0x${low}`)
}

/** The primary's WAL position when a probe read it. */
export interface PrimarySample {
  at: number
  lsn: bigint
}

/**
 * Seconds the replica is at most behind, given the primary's samples (oldest first, the last one taken by this probe
 * before it asked the replica) and the position the replica has replayed; null when the replica lacks even the
 * oldest sample's position, so how far behind it is cannot be told (it is at least `now - samples[0].at`).
 */
export function replicaLagSeconds(samples: readonly PrimarySample[], replayed: bigint, now: number): number | null {
  for (let i = samples.length - 1; i >= 0; i--) {
    const sample = samples[i]!
    // Past the probe's own sample it lacks nothing; past an older one, at most what came since that one was read.
    if (replayed >= sample.lsn) return i === samples.length - 1 ? 0 : Math.max(0, (now - sample.at) / 1000)
  }
  return null
}
