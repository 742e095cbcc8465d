/**
 * zod's `config` alone, for the reader-words plugin to import on demand: a dynamic import of `zod/v4/core` itself
 * cannot be tree-shaken and fetched all of zod's core (50 KiB) on every page in another language.
 */
export { config } from 'zod/v4/core'
