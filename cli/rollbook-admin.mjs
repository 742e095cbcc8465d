#!/usr/bin/env node
// The `rollbook-admin` command (package.json `bin`): runs the TypeScript admin CLI through tsx's API,
// so it works from a checkout without a build step: `npx rollbook-admin school list --json`.
import { tsImport } from 'tsx/esm/api'

await tsImport('./admin.ts', import.meta.url)
