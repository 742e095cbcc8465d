import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { exportColumnClassChangeSchema, exportColumnSchema } from '../../../../../shared/schemas/export-screens'
import { classifyExportColumn } from '../../../../domain/exports/column-classes'

/** Moves a column up from its default class, or back to it; never below it. */
export default defineAppRoute({
  summary: 'Set an export column\'s class', tag: 'Exports', capability: 'settings.manage', rateLimit: 60,
  params: z.strictObject({ column: z.string().regex(/^[a-z_]{1,64}\.[a-zA-Z_]{1,64}$/, 'Name a column as table.column.') }),
  body: exportColumnClassChangeSchema, response: z.object({ items: z.array(exportColumnSchema) })
}, async ctx => ({ items: await classifyExportColumn(ctx, ctx.params.column, ctx.body.class) }))
