/** Where people and programs reach this service: `PUBLIC_URL` without a trailing slash, `http://localhost:3000` by default. */
export function publicUrl(): string {
  return (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '')
}
