import { defineAppRoute } from '../../../utils/app-route'
import { z } from 'zod'
import { roleChangeSchema, roleSchema, staffRoleNames } from '../../../../shared/schemas/staff-settings'
import { isCapability } from '../../../domain/access/catalogue'
import { refuseRoleChangeBeyondHolder } from '../../../domain/access/delegation'
import { setRoleCapabilities } from '../../../domain/staff/roles'

export default defineAppRoute({
  summary: 'Set which capabilities a role grants at the school', tag: 'Staff', capability: 'settings.manage', rateLimit: 30, stepUp: true,
  params: z.strictObject({ name: z.enum(staffRoleNames) }), body: roleChangeSchema, response: roleSchema,
  bodyChecks: body => ((body as { capabilities?: unknown[] })?.capabilities ?? []).flatMap((name, i) =>
    typeof name === 'string' && !isCapability(name) ? [{ path: `capabilities[${i}]`, message: 'Not a capability.' }] : [])
}, async (ctx) => {
  const capabilities = ctx.body.capabilities.filter(isCapability)
  await refuseRoleChangeBeyondHolder(ctx, ctx.params.name, capabilities)
  return setRoleCapabilities(ctx, ctx.params.name, capabilities)
})
