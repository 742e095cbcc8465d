import { defineEventHandler } from 'h3'
import { openApiDocument } from '../utils/openapi'

export default defineEventHandler(() => openApiDocument())
