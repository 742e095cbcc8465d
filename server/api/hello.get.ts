import { interfaceVersion } from '../../shared/interface-version'
import { defineEventHandler } from 'h3'
import { timestampNow } from '../domain/days/clock'

export default defineEventHandler(() => ({ hello: 'world', interfaceVersion, serverTime: timestampNow() }))
