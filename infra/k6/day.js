// A day in the life: anonymous reading, members polling, reading and writing, mixed.
// k6 run -e BASE_URL=https://agora.example.com [-e USERS=N -e DURATION=5m] infra/k6/day.js (README.md)
import { k6Script } from './lib/k6-driver.js';

const script = k6Script('day');

export const options = script.options;

export function setup() {
  return script.setup();
}

export default function (data) {
  script.iteration(data);
}
