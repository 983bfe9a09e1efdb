# syntax=docker/dockerfile:1
# Multi-stage build on the project's Node release. The final image holds the
# built site and production dependencies only, owned by root and readable by
# the unprivileged node user it runs as: a compromised process cannot rewrite
# its own code, even where the root filesystem is writable.

FROM node:26-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The build's date (the manifest's builtAt): pass the commit's, e.g.
# --build-arg SOURCE_DATE_EPOCH=$(git log -1 --format=%ct), and one commit gives
# the same dist/ on every machine; without it the build takes the clock's.
ARG SOURCE_DATE_EPOCH
RUN npm run build

FROM node:26-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts

FROM node:26-slim
# MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc
# arena and keeps what it freed; libuv's threads compress the pages once after
# start-up, and their arenas would stay resident. --max-old-space-size=320:
# the heap V8 may grow to, derived from the site's memory limit of 512 MiB
# (320 = 512 − 192 for everything outside the old space, docs/operations.md):
# without it V8 grows the heap toward its own default, far past the limit,
# under a pipelining flood. --max-semi-space-size=8: V8's young generation at
# most 3 × 8 MB; left to itself it grows to about 60 MB under a search flood
# and keeps it. npm start, the Deployment, npm run bench and the image checks
# run with the same NODE_OPTIONS (docs/performance.md has the figures).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    NODE_OPTIONS="--max-old-space-size=320 --max-semi-space-size=8" \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY package.json ./
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
# The image has no curl: Node itself asks /livez.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly, not npm start: npm does not pass SIGTERM on, and shutdown must drain.
CMD ["node", "dist/server/main.js"]
