// Imported first by the CLI, before anything that logs: its stdout holds its answer alone (under --json, one
// JSON value), so the service's log lines (a mail kept in the development outbox, say) go to stderr.
process.env.LOG_DESTINATION ??= 'stderr'
