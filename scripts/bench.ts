/**
 * `npm run bench`: builds the app, then for SQLite and PostgreSQL makes a demo school with the admin
 * CLI, starts the production server (`.output/server/index.mjs`) with the rate limit lifted, and
 * measures every row of scripts/bench/scenarios.ts with autocannon: requests a second, p50 and p99
 * latency, and each row's rate as a share of `/api/hello`'s. See docs/performance.md.
 *
 *   npm run bench -- [--no-build] [--output DIR] [--dialect sqlite|postgresql] [--only people,tours]
 *                    [--connections 10] [--duration 10] [--warmup 2] [--rounds 1] [--strict] [--no-imports]
 *   npm run bench -- --district [--district-schools 100] [--district-concurrency 16] [--no-build] [--duration 10] [--warmup 2]
 *
 * `--district` benches the district (scripts/bench/district.ts) instead of the rows below: 100 schools on a
 * PostgreSQL database of their own (BENCH_DISTRICT_URL), kept for the next run, and three server instances;
 * `--only` then names district rows (people, directory, size, statements, exports).
 *
 * Then the rows measured by scripts of their own (scripts/bench/): each roster built afresh, OneRoster REST on a school of 40,000 students,
 * the retention sweep on a school of about 100,000 people, webhooks,
 * imports, exports, the applications board, and, on the first database, the phone rows: Lighthouse on
 * the sign-in page. Last, the test suite's own wall time, quiet and busy (scripts/bench/suite-time.ts): the
 * figures `npm run test:busy` last recorded, or, with `--only suite`, two runs of the suite made then.
 *
 * `--rounds N` measures every row N times, taking turns, and reports each row's median run: on a
 * shared machine one run can be off by a third. `--output DIR` benches another build (a copy of an
 * older `.output`, to compare). PostgreSQL is BENCH_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/rollbook_bench); it is skipped, saying why, when it cannot be
 * reached. `--strict` exits 1 when a target is missed; a failed request always does.
 */
import { execFile, execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { analyzeAfterSeeding, freshPostgres, freshSqlite, type BenchDatabase, type Dialect } from './bench/databases'
import { measure, type LoadSettings, type Measurement, type RequestBody } from './bench/measure'
import { projectRoot as root, startBuiltServer } from './built-server'
import { demoStudents, helloScenario, largeStudents, p99TargetMs, scenarios, type Scenario } from './bench/scenarios'
import { benchWebhookDelivery, webhookTargets } from './bench/webhooks'
import { benchImports, printJobRows, runStatusReader } from './bench/import-runs'
import { benchRosterAfresh } from './bench/roster-afresh'
import { benchOneRosterRest, printOneRosterRows } from './bench/oneroster-rest'
import { benchRetentionSweep, printRetentionRows } from './bench/retention-sweep'
import { printMemoryLine, watchReadMemory } from './bench/memory-line'
import { benchExports } from './bench/exports'
import { benchLighthouse, printLighthouseRows } from './bench/lighthouse'
import { languageCodes } from '../shared/languages'
import { benchAdmissionsBoard } from './bench/admissions-board'
import { benchMessage, printMessageRow } from './bench/messages'
import { benchEmergency, printEmergencyRow } from './bench/emergency'
import { benchDigest, printDigestRow } from './bench/digest'
import { benchAbsences, printAbsencesRow } from './bench/absences'
import { prepareConsentAsk } from './bench/consent-answers'
import { prepareDataCheck } from './bench/data-check'
import { benchSuiteTime } from './bench/suite-time'
import { startSmtpReceiver } from '../tests/support/smtp-receiver'
import { benchDistrict } from './bench/district'
import { parseDistrictSchools } from '../server/domain/setup/demo/district-shape'
import { signInByLink } from './bench/sign-in-by-link'
import { loadAverage } from './bench/load-average'

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'output': { type: 'string' },
    'dialect': { type: 'string', multiple: true },
    'only': { type: 'string', multiple: true },
    'connections': { type: 'string', default: '10' },
    'duration': { type: 'string', default: '10' },
    'warmup': { type: 'string', default: '2' },
    'rounds': { type: 'string', default: '1' },
    'strict': { type: 'boolean', default: false },
    'no-imports': { type: 'boolean', default: false },
    'district': { type: 'boolean', default: false },
    'district-schools': { type: 'string' },
    'district-concurrency': { type: 'string', default: '16' }
  }
})

const settings: LoadSettings = {
  connections: Number(options.connections),
  duration: Number(options.duration),
  warmup: Number(options.warmup)
}
const rounds = Math.max(1, Number(options.rounds))
const dialectNames: Record<Dialect, string> = { sqlite: 'SQLite', postgresql: 'PostgreSQL' }
const dialects = (options.dialect ?? Object.keys(dialectNames)) as Dialect[]
if (dialects.some(dialect => !(dialect in dialectNames))) throw new Error(`--dialect takes ${Object.keys(dialectNames).join(' or ')}.`)
const wanted = options.only?.flatMap(name => name.split(','))
const named = (scenario: Scenario, name: string) => scenario.name === name || scenario.name.startsWith(`${name}-`)
/** Rows measured by a script of their own rather than a scenario, asked for by name like the others. */
const separateRows = [
  'roster-afresh', 'oneroster-rest', 'retention', 'webhooks', 'imports', 'exports', 'lighthouse', 'admissions-board', 'messages', 'emergency',
  'digest', 'absences', 'suite'
]
const runsSeparate = (name: string) => !wanted || wanted.includes(name)
const unknown = wanted?.filter(name => !separateRows.includes(name) && !scenarios.some(s => named(s, name)))
if (unknown?.length && !options.district) throw new Error(`No scenario named ${unknown.join(', ')}; there are ${scenarios.map(s => s.name).join(', ')}.`)
// hello always runs: every other row is judged against it.
const rows = scenarios.filter(s => s === helloScenario || !wanted || wanted.some(name => named(s, name)))

/** Runs the admin CLI as an administrator would (`npm run -s admin -- … --json`) and reads its answer. */
function admin(database: BenchDatabase, args: string[], env: Record<string, string> = {}): any {
  const printed = execFileSync(resolve(root, 'node_modules/.bin/tsx'), ['cli/admin.ts', ...args, '--json'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, ...env },
    encoding: 'utf8'
  })
  return JSON.parse(printed)
}

/** Runs a bench step (a script of scripts/bench/ in a process of its own, on the database) and reads the JSON it prints last. */
function benchStep(database: BenchDatabase, args: string[]): any {
  const printed = execFileSync(
    resolve(root, 'node_modules/.bin/tsx'), args, { cwd: root, env: { ...process.env, DATABASE_URL: database.url }, encoding: 'utf8' }
  )
  return JSON.parse(printed.trim().split('\n').at(-1)!)
}

/** benchStep without waiting: the step runs while the bench measures something else (the people page during an erasure). */
async function benchStepMeanwhile(database: BenchDatabase, args: string[]): Promise<any> {
  const { stdout } = await promisify(execFile)(
    resolve(root, 'node_modules/.bin/tsx'), args, { cwd: root, env: { ...process.env, DATABASE_URL: database.url }, encoding: 'utf8' }
  )
  return JSON.parse(stdout.trim().split('\n').at(-1)!)
}

/** A demo school of `demoStudents` students, one token holding every scope the rows need, and a rostering token for the roster rows. */
async function makeDemoSchool(database: BenchDatabase) {
  const school = admin(database, ['school', 'create', '--name', 'Bench School', '--time-zone', 'Australia/Sydney', '--campus', 'Main=MAIN'])
  const summary = admin(database, ['demo', '--school', school.id, '--students', String(demoStudents)])
  await analyzeAfterSeeding(database)
  const issue = (wanted: Scenario[], extra: string[]) => {
    const scopes = [...new Set(wanted.flatMap(row => [...(row.scope ? [row.scope] : []), ...(row.alsoScopes ?? [])]))]
    return scopes.length
      ? admin(database, ['token', 'issue', '--school', school.id, '--purpose', 'bench', '--scopes', scopes.join(','), ...extra]).token as string
      : ''
  }
  // The screens' rows read a school of about 50,000 people: the demo's students with their families; the messages row writes to some of its year groups.
  const large = rows.some(row => row.large) || runsSeparate('messages') || runsSeparate('emergency') || runsSeparate('digest') || runsSeparate('absences')
    ? admin(
        database, ['school', 'create', '--name', 'Bench Large School', '--time-zone', 'Australia/Sydney', '--campus', 'Main=MAIN']
      )
    : undefined
  const largeSummary = large ? admin(database, ['demo', '--school', large.id, '--students', String(largeStudents)]) : undefined
  if (large) await analyzeAfterSeeding(database)
  return {
    schoolId: school.id as string, summary, token: issue(rows.filter(row => !row.rostering), []),
    rosteringToken: issue(rows.filter(row => row.rostering), ['--rostering']),
    largeSchoolId: large?.id as string | undefined, largeSummary
  }
}

/** A session cookie of an administrator of the school, signed in as a newcomer does: the CLI's one-time link, sent to the sign-in route. */
async function sessionCookie(database: BenchDatabase, serverUrl: string, schoolId: string): Promise<string> {
  const added = admin(database, ['staff', 'add', '--school', schoolId, '--email', `bench-${schoolId}@example.org`, '--role', 'admin'])
  return signInByLink(serverUrl, added.signInLink)
}

/** A session cookie of the demo's first family's parent, invited by the CLI, for the portal's rows and its Lighthouse row. */
async function familyCookie(database: BenchDatabase, serverUrl: string, schoolId: string, summary: any): Promise<string> {
  const invited = admin(database, ['family', 'invite', '--school', schoolId, '--person', summary.portalFamilies.shared.adults[0]])
  return signInByLink(serverUrl, invited.signInLink)
}

interface Row { scenario: Scenario, result: Measurement, share: number, missed: string[] }

function median(runs: Measurement[]): Measurement {
  return [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor((runs.length - 1) / 2)]!
}

function judge(dialect: Dialect, scenario: Scenario, runs: Measurement[], hello: Measurement): Row {
  const result = median(runs)
  const share = result.requestsPerSecond / hello.requestsPerSecond
  const missed: string[] = []
  const failures = runs.reduce((sum, run) => sum + run.failures, 0)
  if (failures) missed.push(`${failures} failed requests`)
  const p99Target = scenario.p99TargetMs ?? p99TargetMs
  if (!(result.p99Ms < p99Target)) missed.push(`p99 not under ${p99Target} ms`)
  if (scenario.p50TargetMs !== undefined && !(result.p50Ms < scenario.p50TargetMs)) missed.push(`p50 not under ${scenario.p50TargetMs} ms`)
  const minShare = scenario.minShareOfHello?.[dialect]
  if (minShare !== undefined && share < minShare) missed.push(`below ${minShare * 100}% of hello`)
  const peakMb = Math.max(...runs.map(run => run.peakMb ?? Number.NaN))
  return { scenario, result: { ...result, failures, peakMb }, share, missed }
}

const fixed = (value: number, digits: number) => Number.isFinite(value) ? value.toFixed(digits) : '—'

function printTable(dialect: Dialect, measured: Row[]) {
  const width = Math.max(13, ...measured.map(row => row.scenario.name.length + 1))
  console.log(
    `  ${'scenario'.padEnd(width)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'÷ hello'.padStart(10)}${'RSS MB'.padStart(8)}  verdict`
  )
  for (const { scenario, result, share, missed } of measured) {
    const shareText = scenario === helloScenario ? '—' : `${(share * 100).toFixed(1)}%`
    console.log(
      `  ${scenario.name.padEnd(width)}${Math.round(result.requestsPerSecond).toLocaleString('en').padStart(9)}${fixed(result.p50Ms, 2).padStart(9)}${fixed(result.p99Ms, 2).padStart(9)}${shareText.padStart(10)}${fixed(result.peakMb ?? Number.NaN, 0).padStart(8)}  ${missed.length ? 'MISSED: ' + missed.join('; ') : 'ok'}`
    )
  }
  for (const { scenario, share } of measured.filter(row => row.scenario !== helloScenario)) {
    const target = scenario.minShareOfHello?.[dialect]
    console.log(`  ${scenario.name}/hello = ${share.toFixed(3)}${target === undefined ? '' : ` (target ≥ ${target})`}`)
  }
}

async function benchDialect(database: BenchDatabase, build: string): Promise<Row[]> {
  const { schoolId, summary, token, rosteringToken, largeSchoolId, largeSummary } = await makeDemoSchool(database)
  console.log(
    `\n${dialectNames[database.dialect]} (${database.url}): demo school of ${summary.students} students, ${summary.carers} carers, ${summary.staff} staff`
  )
  if (largeSummary) {
    console.log(`  large school for the screens' rows: ${largeSummary.students} students, ${largeSummary.carers} carers, ${largeSummary.staff} staff`)
  }
  // The messages row's emails go to a loopback mail server of the bench's own; without it no row sends mail.
  const mailServer = ['messages', 'emergency', 'digest', 'absences'].some(runsSeparate) ? await startSmtpReceiver() : undefined
  const server = await startBuiltServer({
    mode: 'bench', outputDir: build,
    env: { DATABASE_URL: database.url, RATE_LIMIT_SCALE: '100000', WEBHOOKS_ALLOW_PRIVATE: 'true', SMTP_URL: mailServer?.url }
  })
  try {
    const cookies = new Map<string, string>()
    const sessionSchools = [
      ...rows.filter(row => row.session).map(row => row.large ? largeSchoolId! : schoolId), ...(mailServer ? [largeSchoolId!] : []),
      // The absences row reads the demo school's day list as its office would.
      ...(runsSeparate('absences') ? [schoolId] : [])
    ]
    for (const id of new Set(sessionSchools)) cookies.set(id, await sessionCookie(database, server.url, id))
    if (rows.some(row => row.path.includes('{consentAskId}'))) {
      Object.assign(summary, await prepareConsentAsk(server.url, cookies.get(schoolId)!))
      // As autovacuum would within a minute of the ask's 2,000 rows: PostgreSQL otherwise plans for an ask of a few children.
      await analyzeAfterSeeding(database)
      console.log(
        `  consent ask to every year group: ${summary.consentChildren.toLocaleString('en')} children, ${summary.consentAnswers.toLocaleString('en')} paper answers typed in`
      )
    }
    if (rows.some(row => row.path.includes('{dataCheckId}'))) {
      Object.assign(summary, await prepareDataCheck(server.url, cookies.get(schoolId)!))
      await analyzeAfterSeeding(database)
      console.log(`  data check of the whole school: ${summary.dataCheckAdults.toLocaleString('en')} adults asked`)
    }
    const familySession = rows.some(row => row.family) ? await familyCookie(database, server.url, schoolId, summary) : undefined
    if (familySession) {
      const home = await fetch(`${server.url}/api/app/portal`, { headers: { cookie: familySession } }).then(answer => answer.json())
      summary.portalChildId = home.children?.[0]?.id
    }
    if (largeSchoolId && cookies.has(largeSchoolId)) {
      // A current student of the large school, for a person's record row.
      const first = await fetch(`${server.url}/api/app/people?limit=1&group=students`, { headers: { cookie: cookies.get(largeSchoolId)! } })
        .then(answer => answer.json())
      summary.largePersonId = first.items?.[0]?.id
    }
    const requests = rows.map((scenario) => {
      const headers: Record<string, string> = scenario.family
        ? { cookie: familySession! }
        : scenario.session
          ? { cookie: cookies.get(scenario.large ? largeSchoolId! : schoolId)! }
          : scenario.scope ? { authorization: `Bearer ${scenario.rostering ? rosteringToken : token}` } : {}
      Object.assign(headers, scenario.headers)
      const body: RequestBody | undefined = scenario.body === undefined ? undefined : { method: 'POST', body: JSON.stringify(scenario.body) }
      if (body) headers['content-type'] = 'application/json'
      const path = scenario.path.replace(/\{(\w+)\}/g, (_, key: string) => summary[key])
      const pathOf = scenario.pathOf && ((n: number) => scenario.pathOf!(n).replace(/\{(\w+)\}/g, (_, key: string) => summary[key]))
      return { scenario, url: server.url + path, headers, body, pathOf, runs: [] as Measurement[] }
    })
    for (const { scenario, url, headers, body } of requests) {
      const answer = await fetch(url, { headers, ...body })
      const problem = answer.ok ? scenario.check?.(await answer.json()) : `answered ${answer.status}: ${await answer.text()}`
      if (problem) throw new Error(`${scenario.name} (${scenario.path}) ${problem}`)
    }
    const readMemory = watchReadMemory(server.process.pid!)
    for (let round = 0; round < rounds; round++) {
      for (const request of requests) {
        const { result, peakMb } = await readMemory.row(() => measure(
          request.url, request.headers, { ...settings, connections: request.scenario.connections ?? settings.connections }, request.body,
          request.pathOf
        ))
        request.runs.push({ ...result, peakMb })
      }
    }
    const hello = median(requests.find(request => request.scenario === helloScenario)!.runs)
    const measured = requests.map(request => judge(database.dialect, request.scenario, request.runs, hello))
    for (const row of measured.filter(one => one.scenario.minShareOfRow)) {
      const { name, share } = row.scenario.minShareOfRow!
      const other = measured.find(one => one.scenario.name === name)
      if (other && row.result.requestsPerSecond < share * other.result.requestsPerSecond) row.missed.push(`below ${share * 100}% of ${name}`)
    }
    printTable(database.dialect, measured)
    missedTargets += printMemoryLine(await readMemory.finish())
    // Before the imports, whose sync adds 100,000 students to the roster.
    if (runsSeparate('roster-afresh')) {
      jobMisses += printJobRows(
        'roster', await benchRosterAfresh(server.url, server.process.pid!, schoolId, summary.openDayTourId, args => admin(database, args))
      )
    }
    if (runsSeparate('oneroster-rest')) {
      missedTargets += printOneRosterRows(await benchOneRosterRest(
        server.url, args => admin(database, args), args => benchStep(database, args), () => analyzeAfterSeeding(database)
      ))
    }
    if (runsSeparate('retention')) {
      missedTargets += printRetentionRows(await benchRetentionSweep(
        server.url, args => admin(database, args), args => benchStepMeanwhile(database, args), () => analyzeAfterSeeding(database)
      ))
    }
    if (runsSeparate('webhooks')) {
      const webhooks = await benchWebhookDelivery(server.url, schoolId, (args, env) => admin(database, args, env))
      const load = loadAverage()
      // Counted on the wire, so on PostgreSQL only; SQLite runs the same statements, less BEGIN and COMMIT.
      const statements = database.dialect === 'postgresql' ? benchStep(database, ['scripts/bench/webhook-statements.ts']) : undefined
      const statementsNote = statements ? `; statements a delivery: ${statements.live} live, ${statements.backlog.toFixed(1)} from a backlog` : ''
      console.log(
        `  webhooks: 1,000 changes, ${Math.round(webhooks.perSecond)} deliveries/s to one subscription (target ≥ ${webhookTargets.perSecond}); commit to first attempt p50 ${Math.round(webhooks.p50Ms)} ms (target < ${webhookTargets.p50Ms}), p99 ${Math.round(webhooks.p99Ms)} ms; load average ${load}${statementsNote}  ${webhooks.missed.length ? 'MISSED: ' + webhooks.missed.join('; ') : 'ok'}`
      )
      if (webhooks.missed.length) missedTargets++
    }
    if (mailServer && runsSeparate('messages')) {
      missedTargets += printMessageRow(await benchMessage(
        server.url, server.process.pid!, cookies.get(largeSchoolId!)!, mailServer,
        () => benchStep(database, ['scripts/bench/prefer-languages.ts', largeSchoolId!])
      ))
    }
    if (mailServer && runsSeparate('emergency')) {
      missedTargets += printEmergencyRow(await benchEmergency({
        serverUrl: server.url, serverPid: server.process.pid!, databaseUrl: database.url, schoolId: largeSchoolId!,
        cookie: cookies.get(largeSchoolId!)!, receiver: mailServer, step: args => benchStep(database, args)
      }))
    }
    if (mailServer && runsSeparate('digest')) missedTargets += printDigestRow(await benchDigest(mailServer, args => benchStep(database, args), largeSchoolId!))
    if (mailServer && runsSeparate('absences')) {
      missedTargets += printAbsencesRow(await benchAbsences({
        serverUrl: server.url, databaseUrl: database.url, largeSchoolId: largeSchoolId!, demoSchoolId: schoolId, demoCookie: cookies.get(schoolId)!,
        settings, step: args => benchStep(database, args)
      }))
    }
    if (!options['no-imports'] && runsSeparate('imports')) {
      const runs = runStatusReader(database.url)
      try {
        jobMisses += printJobRows(
          'import',
          await benchImports(server.url, server.process.pid!, schoolId, args => admin(database, args), runs.read, args => benchStep(database, args))
        )
      } finally {
        await runs.close()
      }
    }
    // The pages do not read the school's data before sign-in: measured on the first database benched only.
    if (runsSeparate('lighthouse') && !lighthouseMeasured) {
      lighthouseMeasured = true
      // The portal shows a language only if the school offers it: the demo school offers every shipped one here.
      const offered = await fetch(`${server.url}/api/app/school`, {
        method: 'PUT', body: JSON.stringify({ languages: languageCodes }),
        headers: { 'content-type': 'application/json', 'cookie': cookies.get(schoolId) ?? await sessionCookie(database, server.url, schoolId) }
      })
      if (!offered.ok) throw new Error(`Offering every language answered ${offered.status}: ${await offered.text()}`)
      missedTargets += printLighthouseRows(
        await benchLighthouse(server.url, { '/family': familySession ?? await familyCookie(database, server.url, schoolId, summary) })
      )
    }
    return measured
  } catch (error) {
    console.error(server.output())
    throw error
  } finally {
    await server.stop()
    await mailServer?.close()
  }
}

/** The build to bench, copied so that a rebuild of .output meanwhile (npm start, the tests) cannot pull it away. */
function copyOfBuild(): string {
  const built = options.output ? resolve(options.output) : resolve(root, '.output')
  if (!options.output && !options['no-build']) {
    console.log('Building the production server (npx nuxt build)…')
    try {
      execFileSync(resolve(root, 'node_modules/.bin/nuxt'), ['build'], { cwd: root, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } })
    } catch (error) {
      const failed = error as { stdout?: Buffer, stderr?: Buffer }
      console.error(`${failed.stdout ?? ''}${failed.stderr ?? ''}`)
      throw new Error('The build failed.')
    }
  }
  if (!existsSync(join(built, 'server/index.mjs'))) throw new Error(`No build in ${built}.`)
  const copy = mkdtempSync(join(tmpdir(), 'rollbook-bench-'))
  cpSync(built, copy, { recursive: true })
  process.on('exit', () => rmSync(copy, { recursive: true, force: true }))
  return copy
}

const build = copyOfBuild()
const cpu = cpus()
const roundsNote = rounds > 1 ? `, median of ${rounds} rounds` : ''
console.log(
  `Rollbook bench: ${settings.connections} connections, ${settings.warmup} s warm-up, ${settings.duration} s measured${roundsNote}; `
  + `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`
)

let missedTargets = 0
if (options.district) {
  missedTargets += await benchDistrict({
    root, build, schools: parseDistrictSchools(options['district-schools']), buildConcurrency: Number(options['district-concurrency']),
    duration: settings.duration, warmup: settings.warmup, only: wanted
  })
}
let lighthouseMeasured = false
let jobMisses = 0
let failed = false
// `--only suite` is the suite's two runs alone: no server of the bench's own beside them.
const suiteAlone = wanted?.every(name => name === 'suite') ?? false
for (const dialect of suiteAlone || options.district ? [] : dialects) {
  const database = dialect === 'sqlite' ? freshSqlite(root) : await freshPostgres()
  if ('skipped' in database) {
    console.log(`\n${dialectNames[dialect]}: skipped, ${database.skipped}.`)
    continue
  }
  const measured = await benchDialect(database, build)
  missedTargets += measured.filter(row => row.missed.length).length + (runsSeparate('exports') ? await benchExports(database, build) : 0)
  if (runsSeparate('admissions-board')) missedTargets += await benchAdmissionsBoard(database, build, settings)
  failed ||= measured.some(row => row.result.failures > 0)
}

missedTargets += jobMisses
// Reported, never judged: the suite's time on this machine says how long a contributor waits, not whether it works.
if (runsSeparate('suite') && !options.district) benchSuiteTime(wanted?.includes('suite') ?? false)
if (missedTargets) console.log(`\n${missedTargets} row(s) missed a target.`)
if (failed || (options.strict && missedTargets)) process.exitCode = 1
