/** The scenario's setup (infra/k6/lib/setup.js), its requests sent one after another by autocannon. */
import type { Scenario, SetupData } from '../../infra/k6/lib/scenarios.js';
import { prepare, type SetupSettings } from '../../infra/k6/lib/setup.js';
import { sendRequest } from './send';

export async function runSetup(target: string, scenario: Scenario, settings: SetupSettings): Promise<SetupData> {
  const steps = prepare(scenario, settings);
  let next = steps.next();
  while (!next.done) {
    const response = await sendRequest(target, next.value);
    if (response.error) throw new Error(`${next.value.method} ${next.value.path}: ${response.error}`);
    next = steps.next(response);
  }
  return next.value;
}
