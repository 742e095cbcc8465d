import { z } from 'zod'
import { concessionKinds } from '../vocabulary'
import { apiSchemas, day, recordId } from './common'
import { wholeBasisPoints } from '../basis-points'

const spanShape = {
  validFrom: day.describe('First day the row applies, in the school\'s time zone.'),
  validTo: day.nullable().describe('Last day the row applies (inclusive); null while it is open.')
}

export const billingResponsibilitySchema = z.object({
  id: recordId('bil'),
  payerId: recordId('per'),
  category: z.string().describe('Charge category. `all` covers every category that has no rows of its own.'),
  share: z.number().int().min(1).max(wholeBasisPoints).describe(`Basis points; the open shares of one category total ${wholeBasisPoints}.`),
  ...spanShape
}).register(apiSchemas, { id: 'BillingResponsibility' })

export const concessionSchema = z.object({
  id: recordId('cnc'),
  kind: z.enum(concessionKinds).describe('A kind of concession, never an amount.'),
  ...spanShape
}).register(apiSchemas, { id: 'Concession' })

export const billingSchema = z.object({
  id: recordId('per').describe('The student.'),
  responsibilities: z.array(billingResponsibilitySchema).describe('Open and closed rows, by category, then first day.'),
  concessions: z.array(concessionSchema).describe('Open and closed concessions, by first day.')
}).register(apiSchemas, {
  id: 'Billing',
  description: 'Who pays a student\'s charges, by category, and the concessions the student holds. To find who pays category C on a day: take C\'s rows in force that day; when it has none, take `all`\'s.'
})
