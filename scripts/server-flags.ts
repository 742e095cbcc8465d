/**
 * Node's flags for every Rollbook server process: `npm start` (scripts/start.ts), the container image
 * (the Dockerfile's CMD, which tests/unit/ops/container-files.test.ts holds to this list), and the built server
 * the tests and the bench start (scripts/built-server.ts), so what is measured is what schools run.
 *
 * V8 sizes its heap for the machine it finds. On a host of 16 GB or more it lets the old generation grow
 * to four times what is live between full collections; under 2 GB, where a school runs Rollbook beside
 * PostgreSQL, to about one and a half. A server answering 1000-item pages on a large host therefore held
 * 140 MB of heap for 31 MB live and peaked at 261 MB of RSS, where the same rate needs 183 MB
 * (docs/performance.md, "Memory under load"). A 1 GiB limit sets the growth to V8's for that size (1.6)
 * on every host, and is past anything a job holds (the heaviest, a sync of 100,000 people, peaks under
 * 512 MB of RSS). A school on a larger machine that wants more heap changes the image's CMD:
 * NODE_OPTIONS cannot raise it, since flags given on the command line win over it.
 */
export const serverNodeFlags = ['--max-old-space-size=1024']
