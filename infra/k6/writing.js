// Members writing: sign-in of one member per virtual user, then reading, asking, answering, commenting, voting, bookmarking.
// k6 run -e BASE_URL=https://agora.example.com [-e USERS=N -e DURATION=5m] infra/k6/writing.js (README.md)
import { k6Script } from './lib/k6-driver.js';

const script = k6Script('writing');

export const options = script.options;

export function setup() {
  return script.setup();
}

export default function (data) {
  script.iteration(data);
}
