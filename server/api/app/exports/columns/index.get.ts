import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { exportColumnSchema, exportColumnsQuery } from '../../../../../shared/schemas/export-screens'
import { pageExportColumns } from '../../../../domain/exports/column-classes'

/** Export columns (of one table, or all) with their class at the school and their default. */
export default defineAppRoute({
  summary: 'Export columns and their classes', tag: 'Exports', capability: 'export.read', rateLimit: 60,
  query: exportColumnsQuery, response: z.object({ items: z.array(exportColumnSchema), nextCursor: z.string().nullable() })
}, async ctx => ctx.pageAnswer(await pageExportColumns(ctx, { ...ctx.page, table: ctx.query.table })))
