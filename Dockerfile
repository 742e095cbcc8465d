# Rollbook in one image: `docker build -t rollbook .` then
# `docker run -p 3000:3000 -v rollbook-data:/data rollbook` (README, docs/operations.md).

FROM node:22-bookworm-slim AS build
# better-sqlite3 compiles its native addon when no prebuilt one fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The whole context before `npm ci`: its postinstall (`nuxt prepare`) reads nuxt.config.ts and the sources.
COPY . .
RUN npm ci && npm run build

FROM node:22-bookworm-slim
# Everything the server writes lives on the /data volume: the SQLite database and the export files.
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/data/rollbook.db \
    EXPORTS_DIR=/data/exports
WORKDIR /app
# Only what runs: the server with its traced node_modules and migrations, and the bundled admin CLI
# (.output/cli). Owned by root, so the user that runs it cannot change it.
COPY --from=build /app/.output ./.output
# /data is the node user's alone (0700; docs/operations.md, "File modes"); the server sets umask 077 itself.
RUN install -d -m 0700 -o node -g node /data
# The official image's unprivileged user (uid 1000).
USER node
VOLUME /data
EXPOSE 3000
# No curl in the slim image: node's own fetch. `starting` (migrations running) answers 200 as well.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# V8's heap sized for a 1-2 GB machine whatever the host (scripts/server-flags.ts says why; a test holds the two alike).
CMD ["node", "--max-old-space-size=1024", ".output/server/index.mjs"]
