# The shop's container (docs/deploy.md): Cloud Run, or any host that runs OCI images.
#   docker build -t karoo-shop .
#   docker run -p 8080:8080 -e PORT=8080 -e SESSION_SECRET=... -e PAYFAST_MODE=... karoo-shop
# Nothing on the build machine's CI reaches an image registry, so no test builds this file: it is
# kept plain on purpose (one base image, three stages, no build-time secrets).

ARG NODE_VERSION=22

# 1. Every dependency, dev ones included, and the production build (build/ and public/build/).
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npm run build

# 2. Only what `npm start` needs at run time. Native modules (better-sqlite3, sharp) install their
# prebuilt binaries for this same base image; the compilers stay out of the final image.
FROM node:${NODE_VERSION}-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The image that runs: the server, its build, the public files and the demo content, as `node`.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=production-dependencies --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json package-lock.json server.mjs ./
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --chown=node:node content ./content
# The embedded SQLite store (a single machine without Firestore) writes here; on Cloud Run the
# store is Firestore and this folder stays empty.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# Docker and Compose read this; Cloud Run ignores it and probes /healthz as docs/deploy.md sets up.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.mjs"]
