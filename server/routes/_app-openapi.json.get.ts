import { defineEventHandler } from 'h3'
import { appRoutesDocument } from '../utils/openapi'
import { apiError } from '../utils/errors'
import { runtimeSettings } from '../utils/runtime-settings'

/**
 * The `/api/app` routes in the form of `/_openapi.json`, for the tests' hostile-input fuzz. Only a
 * server in test mode answers: the screens' routes are no interface to publish, so anywhere else this
 * is `not_found` like any unknown path.
 */
export default defineEventHandler(() => {
  if (!runtimeSettings.describeAppRoutes) throw apiError('not_found')
  return appRoutesDocument()
})
