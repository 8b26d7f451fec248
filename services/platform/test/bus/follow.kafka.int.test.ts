import { kafkaBrokers } from '@agora/test-support/database';
import { describe, it } from 'vitest';
import { followContract } from './follow-contract';

const brokers = kafkaBrokers();
if (brokers) followContract({ kind: 'kafka', brokers });
else describe.skip('event bus follower contract: kafka (set KAFKA_BROKERS or run test:full)', () => it('needs Kafka'));
