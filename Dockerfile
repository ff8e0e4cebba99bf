# syntax=docker/dockerfile:1
# One image recipe for every deploy unit; the build argument UNIT names the unit. Build context: the
# repository root (npm workspaces), with BuildKit (it builds only the stages the chosen unit needs):
#
#   docker build --build-arg UNIT=svc-identity -t altmed/svc-identity .
#
#   UNIT            image                                   listens on
#   shell           nginx, the shell's static build         8080 (page paths fall back to index.html)
#   mfe-member      nginx, the remote's static build        8080 (CORS, for the shell on another origin)
#   mfe-provider    nginx, the remote's static build        8080
#   mfe-admin       nginx, the remote's static build        8080
#   gateway         node                                    8080
#   svc-identity    node                                    4001
#   svc-providers   node                                    4002
#   svc-billing     node                                    4003
#   svc-notify      node                                    4004
#
# Install: `npm install` with the committed lockfile, not `npm ci`. The lockfile pins every version,
# but it leaves out some other-platform optional binaries (@swc/core-darwin-*, @unrs/resolver-binding-*)
# that the registry lacks at those versions, so `npm ci` rejects it as out of sync; `npm install`
# takes the locked versions and adds the binaries for this platform (linux) only. After each install
# deploy/check-installed-from-lockfile.mjs stops the build if any installed version is not the one
# the committed lockfile pins, which is the guarantee `npm ci` would have given.
# Every process runs as a non-root user: `node` (uid 1000) for node units, `nginx` for static ones.

ARG UNIT
ARG NODE_IMAGE=node:24.21.0-trixie-slim
ARG NGINX_IMAGE=nginx:1.30-alpine

# The lockfile and every workspace's manifest only, so the dependency layers survive source edits.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.web.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY packages/web-kit/package.json packages/web-kit/
COPY packages/web-build/package.json packages/web-build/
COPY packages/stripe-emulator/package.json packages/stripe-emulator/
COPY tools/package.json tools/
COPY e2e/package.json e2e/
COPY shell/package.json shell/
COPY mfe-member/package.json mfe-member/
COPY mfe-provider/package.json mfe-provider/
COPY mfe-admin/package.json mfe-admin/
COPY gateway/package.json gateway/
COPY svc-identity/package.json svc-identity/
COPY svc-providers/package.json svc-providers/
COPY svc-billing/package.json svc-billing/
COPY svc-notify/package.json svc-notify/
COPY package-lock.json deploy/check-installed-from-lockfile.mjs /opt/lockfile-check/

# Everything the unit needs to build (its dependencies, dev ones included, and the root's
# TypeScript), then the unit and the workspace libraries it uses.
FROM manifests AS build
ARG UNIT
RUN --mount=type=cache,target=/root/.npm \
    case "${UNIT}" in \
      shell|mfe-*) npm install --no-audit --no-fund --include-workspace-root -w "${UNIT}" ;; \
      *) npm install --no-audit --no-fund --include-workspace-root -w packages/contracts -w packages/service-kit -w "${UNIT}" ;; \
    esac \
 && node /opt/lockfile-check/check-installed-from-lockfile.mjs /opt/lockfile-check/package-lock.json
COPY packages packages
COPY ${UNIT} ${UNIT}
RUN case "${UNIT}" in \
      shell|mfe-*) npm run build -w "${UNIT}" ;; \
      *) npm run build -w packages/contracts -w packages/service-kit -w "${UNIT}" ;; \
    esac

# Node units: the production dependencies of the unit and the two libraries it runs on, nothing else.
# `--omit=dev` alone would still install every other workspace's dependencies (the local stack's
# maildev and S3 server, web-kit's React peers: 392 packages, 159 MB for svc-identity), because npm
# treats workspaces as the root's own dependencies. So the manifests are cut down to those three
# workspaces without dev dependencies first; npm still takes every version from the lockfile (checked:
# svc-identity gets 125 packages, 31 MB, each at its locked version and place).
FROM manifests AS production-dependencies
ARG UNIT
RUN --mount=type=cache,target=/root/.npm \
    npm pkg delete workspaces devDependencies \
 && npm pkg set "workspaces[0]=packages/contracts" "workspaces[1]=packages/service-kit" "workspaces[2]=${UNIT}" \
 && npm pkg delete devDependencies --workspaces \
 && npm install --no-audit --no-fund --omit=dev \
 && node /opt/lockfile-check/check-installed-from-lockfile.mjs /opt/lockfile-check/package-lock.json

FROM ${NODE_IMAGE} AS node-unit
ARG UNIT
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=production-dependencies /app ./
COPY --from=build /app/packages/contracts/dist packages/contracts/dist/
COPY --from=build /app/packages/service-kit/dist packages/service-kit/dist/
COPY --from=build /app/${UNIT}/dist ${UNIT}/dist/
COPY deploy/node-unit.env ./
WORKDIR /app/${UNIT}
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The settings every Node unit runs with (V8's flags, glibc's arenas) come from deploy/node-unit.env,
# the file `npm start` reads too; `exec` keeps node the process that gets the signals.
CMD ["sh", "-c", "set -a && . /app/node-unit.env && exec node $NODE_FLAGS dist/main.js"]

# Static units: the build served by nginx as the image's nginx user (no root master process, pid
# file in /tmp, an unprivileged port). Files stay owned by root: the server only reads them.
FROM ${NGINX_IMAGE} AS static-unit
ARG UNIT
RUN sed -i -e '/^user /d' -e 's,^pid .*,pid /tmp/nginx.pid;,' /etc/nginx/nginx.conf \
 && chown -R nginx:nginx /var/cache/nginx \
 && rm /etc/nginx/conf.d/default.conf
COPY --from=build /app/${UNIT}/dist /usr/share/nginx/html
USER nginx
EXPOSE 8080

FROM static-unit AS remote
COPY deploy/nginx/remote.conf /etc/nginx/conf.d/site.conf
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/mf-manifest.json || exit 1

# One stage per unit, named after it; the last stage picks the one UNIT names.
FROM static-unit AS shell
COPY deploy/nginx/shell.conf /etc/nginx/conf.d/site.conf
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/ || exit 1

FROM remote AS mfe-member
FROM remote AS mfe-provider
FROM remote AS mfe-admin

FROM node-unit AS gateway
ENV PORT=8080
EXPOSE 8080

FROM node-unit AS svc-identity
ENV PORT=4001
EXPOSE 4001

FROM node-unit AS svc-providers
ENV PORT=4002
EXPOSE 4002

FROM node-unit AS svc-billing
ENV PORT=4003
EXPOSE 4003

FROM node-unit AS svc-notify
ENV PORT=4004
EXPOSE 4004

# hadolint ignore=DL3006
FROM ${UNIT}
