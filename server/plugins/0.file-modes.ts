import { defineNitroPlugin } from 'nitropack/runtime'
import { keepNewFilesPrivate } from '../../db/private-files'

/**
 * First of the plugins (they run in file-name order), before the database is opened: whatever the
 * server writes is its own account's (docs/operations.md, "File modes").
 */
export default defineNitroPlugin(() => {
  keepNewFilesPrivate()
})
