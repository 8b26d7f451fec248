// Anonymous browsing: question lists with their sorts and pages, question pages, tags, search.
// k6 run -e BASE_URL=https://agora.example.com [-e USERS=N -e DURATION=5m] infra/k6/browsing.js (README.md)
import { k6Script } from './lib/k6-driver.js';

const script = k6Script('browsing');

export const options = script.options;

export function setup() {
  return script.setup();
}

export default function (data) {
  script.iteration(data);
}
