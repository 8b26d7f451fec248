// Notification polling at scale: signed-in members polling their unread counts every 3 s, reading their inbox.
// k6 run -e BASE_URL=https://agora.example.com [-e USERS=N -e DURATION=5m] infra/k6/notifications.js (README.md)
import { k6Script } from './lib/k6-driver.js';

const script = k6Script('notifications');

export const options = script.options;

export function setup() {
  return script.setup();
}

export default function (data) {
  script.iteration(data);
}
