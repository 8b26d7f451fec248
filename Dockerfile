# One image for every Agora process; the command picks which (see docker-compose.yml).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/platform/package.json services/platform/
COPY services/assistant/package.json services/assistant/
COPY services/badges/package.json services/badges/
COPY services/identity/package.json services/identity/
COPY services/moderation/package.json services/moderation/
COPY services/notifications/package.json services/notifications/
COPY services/posts/package.json services/posts/
COPY services/search/package.json services/search/
COPY services/site/package.json services/site/
COPY services/tags/package.json services/tags/
COPY services/votes/package.json services/votes/
COPY gateway/package.json gateway/
COPY launcher/package.json launcher/
COPY test-support/package.json test-support/
COPY frontends/kit/package.json frontends/kit/
COPY frontends/root/package.json frontends/root/
COPY frontends/shell/package.json frontends/shell/
COPY frontends/users/package.json frontends/users/
COPY frontends/questions/package.json frontends/questions/
COPY frontends/tags/package.json frontends/tags/
COPY frontends/review/package.json frontends/review/
COPY frontends/admin/package.json frontends/admin/
COPY frontends/install/package.json frontends/install/
# Development packages too: the web build below needs Vite. (The install's own builds wait for the sources.)
RUN npm ci --include=dev --no-audit --no-fund && npm cache clean --force
COPY . .
# The server as JavaScript (launcher, gateway, each service's main) and the web app.
RUN npm run build
USER node
ENV AGORA_HOST=0.0.0.0 AGORA_PORT=9080
EXPOSE 9080
# Embedded by default: every service and the gateway in one process.
CMD ["node", "launcher/dist/main.js", "start"]
