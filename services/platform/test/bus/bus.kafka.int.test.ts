import { kafkaBrokers } from '@agora/test-support/database';
import { describe, it } from 'vitest';
import { busContract } from './bus-contract';

const brokers = kafkaBrokers();
if (brokers) busContract({ kind: 'kafka', brokers });
else describe.skip('event bus contract: kafka (set KAFKA_BROKERS or run test:full)', () => it('needs Kafka'));
