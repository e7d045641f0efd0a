# Foldline's image: the server with the built web app and tracker, and the system Chromium for page screenshots.
#   docker build -t foldline .        (deploy/compose.yaml builds it for you)
# Configuration is the environment (README.md); data lives in DATA_DIR=/data (a volume).

# Build: native modules (better-sqlite3 falls back to compiling when no prebuilt binary fits) need a compiler here only.
FROM node:20-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM node:20-slim
# Chromium renders the heatmaps' page screenshots (playwright-core drives it); fonts so pages render with text; tini
# passes SIGTERM to node, which flushes what the collector acknowledged before it exits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates chromium fonts-liberation fonts-noto-color-emoji tini \
  && rm -rf /var/lib/apt/lists/*
# DEMO=0: a deployment creates no demo account unless asked (DEMO=1); apps/server/test/image-env.test.ts checks it.
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data \
  DEMO=0 \
  CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
# node_modules whole, dev dependencies included: the server runs its TypeScript through tsx, and bundles the
# screenshot page script (esbuild) and drives Chromium (playwright-core) at run time.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
