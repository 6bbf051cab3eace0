# One Staywise app instance. Build: docker build -t staywise .
# Run alone (embedded PGlite under /app/data): docker run -p 3000:3000 staywise
# Run against PostgreSQL: set DATABASE_URL (and APP_SECRET, shared by every instance); see compose.yaml.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 LOG_FORMAT=json
COPY --from=build /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Readiness is /readyz (503 while draining or when the database does not answer); SIGTERM drains.
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "src/server/main.ts"]
