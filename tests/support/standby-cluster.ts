import { execFile, execFileSync, type ChildProcess } from 'node:child_process'
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { signalGroup, spawnGroup, stopGroup } from '../../scripts/process-groups'
import { freePort } from './server-process'
import { noteProcess } from './test-processes'

/**
 * A PostgreSQL primary and a streaming standby of it, made for a test in a folder of its own (docs/read-replica.md,
 * "Making a standby"): `initdb` a small primary, `pg_basebackup -R` the standby from it, each on a free loopback port.
 * PostgreSQL refuses to run as root, so when the tests run as root the clusters run as the `postgres` user. Both are
 * children of the test in process groups of their own, noted like every process a test starts; `stop` ends them and
 * removes the folder.
 */
export interface StandbyPair {
  /** The application's database on the primary, and the same on the standby. */
  primaryUrl: string
  standbyUrl: string
  /**
   * Resolves once the standby takes connections. It is made while the caller goes on (a server started meanwhile
   * migrates the primary, and the standby streams the migrations in), so a test waits for both at once.
   */
  standbyReady: Promise<void>
  /** Stops applying the primary's WAL on the standby, so it falls behind as the primary changes (`pg_wal_replay_pause`). */
  pauseReplay(): Promise<void>
  resumeReplay(): Promise<void>
  /** SIGKILLs the standby's postmaster and every process of it, as a machine that dies. */
  killStandby(): Promise<void>
  /** Starts the standby again on the same port and folder; resolves once it takes connections. */
  startStandby(): Promise<void>
  stop(): Promise<void>
}

const binaries = process.env.ROLLBOOK_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'
const databaseName = 'rollbook'

/** Who the clusters run as: this user, or `postgres` when this is root. */
function clusterUser(): { uid: number, gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }))
  return { uid: id('-u'), gid: id('-g') }
}

/** Resolves once the cluster at `port` answers; fails after `ms`, or at once when its process has ended. */
async function waitForCluster(port: number, child: ChildProcess, ms = 20_000) {
  const deadline = Date.now() + ms
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The cluster on port ${port} ended before it took connections`)
    const probe = postgres({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', max: 1, connect_timeout: 1, onnotice: () => {} })
    try {
      await probe`select 1`
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise(done => setTimeout(done, 100))
    } finally {
      await probe.end({ timeout: 1 })
    }
  }
}

export async function startStandbyPair(): Promise<StandbyPair> {
  const folder = mkdtempSync(join(tmpdir(), 'rollbook-standby-'))
  const user = clusterUser()
  if (user) chownSync(folder, user.uid, user.gid)
  const asUser = { ...user, stdio: 'ignore' as const }
  const [primaryPort, standbyPort] = [await freePort(), await freePort()]
  const primaryData = join(folder, 'primary')
  const standbyData = join(folder, 'standby')
  const children: ChildProcess[] = []
  let standby: ChildProcess | undefined

  const startCluster = (data: string, what: string) => {
    const child = spawnGroup(join(binaries, 'postgres'), ['-D', data], asUser)
    noteProcess(child, `${what} PostgreSQL cluster of tests/support/standby-cluster.ts`)
    children.push(child)
    return child
  }
  const stop = async () => {
    await Promise.all(children.map(child => stopGroup(child, 5000)))
    rmSync(folder, { recursive: true, force: true })
  }

  try {
    execFileSync(join(binaries, 'initdb'), ['-D', primaryData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], asUser)
    // Small and quick: no fsync (a test's data), a socket in the folder, loopback only. initdb's pg_hba.conf already
    // lets local replication connections in.
    appendFileSync(primaryData + '/postgresql.conf', [
      `port = ${primaryPort}`, 'listen_addresses = \'127.0.0.1\'', `unix_socket_directories = '${folder}'`,
      'fsync = off', 'full_page_writes = off', 'shared_buffers = 16MB', 'max_connections = 60', 'max_wal_senders = 4', ''
    ].join('\n'))
    const primary = startCluster(primaryData, 'the primary')
    await waitForCluster(primaryPort, primary)
    const admin = postgres({ host: '127.0.0.1', port: primaryPort, user: 'postgres', database: 'postgres', max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${databaseName}`)
    await admin.end()
  } catch (error) {
    await stop()
    throw error
  }
  const standbyReady = (async () => {
    await new Promise<void>((done, fail) => execFile(join(binaries, 'pg_basebackup'), [
      '-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyData, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'
    ], user ?? {}, error => (error ? fail(error) : done())))
    appendFileSync(standbyData + '/postgresql.auto.conf', `port = ${standbyPort}\n`)
    standby = startCluster(standbyData, 'the standby')
    await waitForCluster(standbyPort, standby)
  })()
  // Told to whoever awaits it; the pair is stopped by its owner either way.
  standbyReady.catch(() => {})

  const onStandby = async (statement: string) => {
    const client = postgres({ host: '127.0.0.1', port: standbyPort, user: 'postgres', database: 'postgres', max: 1, onnotice: () => {} })
    try {
      await client.unsafe(statement)
    } finally {
      await client.end({ timeout: 1 })
    }
  }

  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/${databaseName}`,
    standbyUrl: `postgres://postgres@127.0.0.1:${standbyPort}/${databaseName}`,
    standbyReady,
    pauseReplay: () => onStandby('select pg_wal_replay_pause()'),
    resumeReplay: () => onStandby('select pg_wal_replay_resume()'),
    async killStandby() {
      const killed = standby!
      process.kill(killed.pid!, 'SIGKILL')
      // Its backends and WAL receiver would end by themselves on finding the postmaster gone; they are not waited for.
      signalGroup(killed.pid!, 'SIGKILL')
      await stopGroup(killed, 0)
    },
    async startStandby() {
      standby = startCluster(standbyData, 'the restarted standby')
      await waitForCluster(standbyPort, standby)
    },
    async stop() {
      // A standby still being made would start after the stop: its making is let finish first.
      await standbyReady.catch(() => {})
      await stop()
    }
  }
}
