import { defineExportTable } from '../export-table'
import { notificationDeliveryExportRows } from '../../notifications/delivery-export-rows'

/**
 * One row per notice to an adult on each channel (docs/notifications.md): the emails (a message's
 * recipient rows) and the texts, pushes and digests, read from both tables. Ids, states and times are
 * general; the gateway's id is personal (it finds the text, number and all, in the gateway's records);
 * where it went, an address, a number or a device, is restricted and never written or read.
 */
export default defineExportTable({
  key: 'notification_deliveries',
  module: 'people',
  rows: notificationDeliveryExportRows,
  columns: [
    { name: 'id', class: 'general' },
    { name: 'channel', class: 'general' },
    { name: 'messageId', class: 'general' },
    { name: 'adultId', class: 'general' },
    { name: 'status', class: 'general' },
    { name: 'attempts', class: 'general' },
    { name: 'digestCount', class: 'general' },
    { name: 'sentAt', class: 'general' },
    { name: 'deliveredAt', class: 'general' },
    { name: 'readAt', class: 'general' },
    { name: 'createdAt', class: 'general' },
    { name: 'providerId', class: 'personal' },
    { name: 'target', class: 'restricted' }
  ]
})
