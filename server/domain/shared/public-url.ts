/**
 * Where people and programs reach this service, without a trailing slash: `PUBLIC_URL` (`NUXT_PUBLIC_URL`,
 * Nuxt's spelling, when only it is set), else this machine at the port the server listens on
 * (listeningPort), so a server started on another port names that port in its links.
 */
export function publicUrl(): string {
  return (process.env.PUBLIC_URL || process.env.NUXT_PUBLIC_URL || `http://localhost:${listeningPort()}`).replace(/\/+$/, '')
}

/** The port the server listens on, as Nitro's node server reads it: `NITRO_PORT`, then `PORT`, then 3000. */
export function listeningPort(env: Record<string, string | undefined> = process.env): string {
  return env.NITRO_PORT || env.PORT || '3000'
}
