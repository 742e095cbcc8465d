import { z } from 'zod'
import { defineAppRoute } from '../../../utils/app-route'
import { moduleChangeSchema } from '../../../../shared/schemas/school-settings'
import { moduleNames } from '../../../../shared/vocabulary'
import { setSchoolModule } from '../../../domain/schools/create-school'

/** Takes effect on the next request to every instance: each request reads the school's modules afresh (server/utils/bearer-token.ts). */
export default defineAppRoute({
  summary: 'Switch a module on, read-only or off', tag: 'Settings', capability: 'settings.manage', rateLimit: 30,
  params: z.strictObject({ name: z.enum(moduleNames) }), body: moduleChangeSchema,
  response: z.object({ name: z.enum(moduleNames), mode: moduleChangeSchema.shape.mode })
}, ctx => setSchoolModule(ctx, ctx.params.name, ctx.body.mode))
