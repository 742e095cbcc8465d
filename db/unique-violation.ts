/**
 * Whether a write failed on a unique index (SQLite's `SQLITE_CONSTRAINT_UNIQUE`, PostgreSQL's 23505),
 * looking through drizzle's wrapping: for a check the database keeps when two transactions race.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') return true
  }
  return false
}
