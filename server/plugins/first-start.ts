import { defineNitroPlugin } from 'nitropack/runtime'
import { firstStart } from '../domain/setup/first-start'
import { readStartOptions } from '../domain/setup/start-options'
import { databaseHealth, useDatabase } from '../utils/database'
import { faultSummary, logger } from '../domain/shared/log'
import { listeningPort } from '../domain/shared/public-url'
import { holdWorkersForFirstStart } from '../utils/first-start-settled'

/**
 * Once the database is migrated (plugins/database.ts), says what it holds and how to get in, making
 * the demo school on an empty one where the start options ask for it: the same for `npm start`, which
 * serves this build, and for `node .output/server/index.mjs` in an image.
 */
export default defineNitroPlugin(() => {
  let demo: boolean
  try {
    demo = readStartOptions([]).demo
  } catch (error) {
    logger.error(`${(error as Error).message} No demo school is made.`)
    demo = false
  }
  holdWorkersForFirstStart(useDatabase()
    .then(database => firstStart(database, { demo, port: listeningPort() }))
    .then(banner => console.log(banner))
    // A database that could not be prepared is already one line in the log (utils/database.ts). The
    // fault's class and message only: a failed insert's parameters are the demo people's names.
    .catch(async (error) => {
      if (await databaseHealth() !== 'failed') logger.error({ fault: faultSummary(error) }, 'first start failed')
    }))
})
