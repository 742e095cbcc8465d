import { defineEventHandler } from 'h3'
import { timestampNow } from '../domain/shared/clock'

export default defineEventHandler(() => ({ hello: 'world', interfaceVersion: '1.0', serverTime: timestampNow() }))
