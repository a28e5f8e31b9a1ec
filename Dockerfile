# Kassa's container image. Build: scripts/build-image.sh (buildah/podman; where Docker Hub cannot be
# reached it builds a stand-in for the base under the same name). The final stage holds the built
# packages (as npm packs them) and their production dependencies only, at the lock file's versions:
# no compiler, no dev dependency, no test file.
ARG NODE_IMAGE=node:20-bookworm-slim

# The manifests alone (package.json files, the lock file, patches): the install below is a layer of
# its own, rebuilt only when they change, not on every change of a source file.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp -r package.json package-lock.json patches /manifests/ \
 && for f in packages/*/package.json packages/adapters-http/*/package.json; do mkdir -p "/manifests/${f%/package.json}" && cp "$f" "/manifests/$f"; done

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY --from=manifests /manifests .
# A registry behind a TLS-inspecting proxy: the build's host hands its CA bundle in as the secret `ca`
# (scripts/build-image.sh does, from NODE_EXTRA_CA_CERTS); it is mounted for the step only, never kept.
# npm's cache is a cache mount: kept between builds on the same host, in no layer.
RUN --mount=type=secret,id=ca --mount=type=cache,target=/root/.npm \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
 && npm ci --no-audit --no-fund
COPY . .
# Built; the app's workspace packages packed (built files only) and installed as the lock file says,
# production dependencies only (scripts/image-tree.mjs lays them out; no version is resolved here, so
# the image holds what the app's SBOM lists). Third-party packages' own tests (test/, tests/,
# __tests__/, specs/, *.test.* and *.spec.* files, their type declarations too) are removed: the
# image holds no test file.
RUN --mount=type=secret,id=ca --mount=type=cache,target=/root/.npm \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
 && npx tsc -b \
 && mkdir /tarballs \
 && npm pack --silent --pack-destination /tarballs $(node scripts/runtime-workspaces.mjs) \
 && node scripts/image-tree.mjs /kassa /tarballs \
 && cp .npmrc /kassa/ && cd /kassa \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline \
 && rm .npmrc \
 && find node_modules -depth -type d \( -name test -o -name tests -o -name __tests__ -o -name specs \) -exec rm -rf {} + \
 && find node_modules -type f \( -name '*.test.*' -o -name '*.spec.*' \) -delete

FROM ${NODE_IMAGE}
ARG KASSA_COMMIT=unknown
ENV NODE_ENV=production \
    KASSA_COMMIT=${KASSA_COMMIT} \
    KASSA_ROLE=all \
    KASSA_HOST=0.0.0.0 \
    KASSA_DATA_DIR=/data
WORKDIR /kassa
COPY --from=build /kassa /kassa
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080 8081 8082 8083
# On the admin listener's /health, which every role serves (a worker has no public listener): on the
# admin host unless it is a wildcard (then loopback), on KASSA_ADMIN_PORT.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const h = process.env.KASSA_ADMIN_HOST; const host = !h || h === '0.0.0.0' || h === '::' ? '127.0.0.1' : h.includes(':') ? `[${h}]` : h; fetch(`http://${host}:${process.env.KASSA_ADMIN_PORT || 8090}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/kassa/node_modules/@kassa-payments/app/bin/kassa.js"]
CMD ["start"]
