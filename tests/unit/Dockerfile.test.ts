import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serverNodeFlags } from '../../scripts/server-flags'

/** No container engine runs here: the image's files are checked for what docs/operations.md promises. */
const root = resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(resolve(root, file), 'utf8')
const dockerfile = read('Dockerfile')
const stages = dockerfile.split(/^FROM /m).slice(1)
const final = stages.at(-1)!

describe('the image', () => {
  it('builds on the official Node 22 slim Debian image in two stages, with the tools better-sqlite3 compiles with', () => {
    expect(stages).toHaveLength(2)
    for (const stage of stages) expect(stage).toMatch(/^node:22-bookworm-slim\b/)
    expect(stages[0]).toMatch(/apt-get install -y --no-install-recommends python3 make g\+\+/)
    expect(stages[0]).toMatch(/^RUN npm ci && npm run build$/m)
  })

  it('keeps only the build in the final stage, run by an unprivileged user, with its data on a volume', () => {
    expect(final.match(/^COPY .*/gm)).toEqual(['COPY --from=build /app/.output ./.output'])
    expect(final).not.toMatch(/npm /)
    const user = /^USER (\S+)$/m.exec(final)?.[1]
    expect(user).toBeDefined()
    expect(user).not.toMatch(/^(root|0)$/)
    expect(final).toMatch(/^EXPOSE 3000$/m)
    expect(final).toMatch(/^VOLUME \/data$/m)
    // Only the user that runs the server may open the data volume (docs/operations.md, "File modes").
    expect(final).toMatch(new RegExp(`^RUN install -d -m 0700 -o ${user} -g ${user} /data$`, 'm'))
    expect(final).toMatch(/DATABASE_URL=file:\/data\/rollbook\.db/)
    expect(final).toMatch(/^HEALTHCHECK .*\n?.*CMD \["node", "-e", ".*fetch\(.*\/health/m)
    // With the flags every server process runs with (npm start, the tests' and the bench's servers).
    expect(final.trim().split('\n').at(-1)).toBe(`CMD ${JSON.stringify(['node', ...serverNodeFlags, '.output/server/index.mjs']).replaceAll(',', ', ')}`)
  })

  it('leaves dependencies, builds, data, tests and history out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map(line => line.trim())
    for (const entry of ['node_modules', '.data', '.output', 'tests', '.git']) expect(ignored).toContain(entry)
  })

  it('compose runs two instances of it on PostgreSQL 16 with a named volume, behind one port', () => {
    const compose = read('compose.yaml')
    expect(compose).toMatch(/image: postgres:16\b/)
    expect(compose).toMatch(/- postgres-data:\/var\/lib\/postgresql\/data/)
    expect(compose).toMatch(/^volumes:\n {2}postgres-data:/m)
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/rollbook:.*@db:5432\/rollbook/)
    expect(compose).toMatch(/^ {2}app-1: \*app$/m)
    expect(compose).toMatch(/^ {2}app-2: \*app$/m)
    expect(compose).toMatch(/reverse_proxy app-1:3000 app-2:3000/)
    expect(compose.match(/^ {6}- "\d+:\d+"$/gm)).toEqual(['      - "8080:8080"', '      - "8090:8090"'])
  })

  it('its district profile adds a third instance and Debian\'s HAProxy over all three, with the configuration the tests run', () => {
    const compose = read('compose.yaml')
    expect(compose).toMatch(/^ {2}app-3:\n {4}<<: \*app\n {4}profiles: \[district\]$/m)
    expect(compose).toMatch(/^ {2}haproxy:\n {4}profiles: \[district\]$/m)
    expect(compose).toMatch(/apt-get install -y --no-install-recommends haproxy/)
    expect(compose).toMatch(/- \.\/deploy\/haproxy\.cfg:\/etc\/haproxy\/rollbook\.cfg:ro/)
    for (const instance of [1, 2, 3]) expect(compose).toContain(`ROLLBOOK_INSTANCE_${instance}: app-${instance}:3000`)
    const balancer = read('deploy/haproxy.cfg')
    expect(balancer).toMatch(/option httpchk GET \/health/)
    expect(balancer).toMatch(/retry-on conn-failure/)
  })
})
