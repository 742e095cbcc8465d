import { defineEventHandler } from 'h3'
import { asyncApiDocument } from '../utils/asyncapi'

export default defineEventHandler(() => asyncApiDocument())
