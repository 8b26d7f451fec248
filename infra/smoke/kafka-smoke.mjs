// Smoke test for the local Kafka: admin createTopics, idempotent producer with
// acks=-1, and a consumer group reading the messages back.
// Usage: node kafka-smoke.mjs   (KAFKA_BROKERS defaults to 127.0.0.1:9092)
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, Partitioners } from 'kafkajs';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const runId = randomUUID().slice(0, 8);
const topic = `agora-smoke-${runId}`;
const count = 20;

const kafka = new Kafka({ clientId: 'agora-smoke', brokers, logLevel: logLevel.WARN });

async function main() {
  const admin = kafka.admin();
  await admin.connect();
  const created = await admin.createTopics({
    topics: [{ topic, numPartitions: 3, replicationFactor: 1 }],
    waitForLeaders: true,
  });
  const meta = await admin.fetchTopicMetadata({ topics: [topic] });
  console.log(`createTopics: ${topic} created=${created} partitions=${meta.topics[0].partitions.length}`);

  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  const sent = await producer.send({
    topic,
    acks: -1,
    messages: Array.from({ length: count }, (_, i) => ({
      key: `key-${i % 5}`,
      value: JSON.stringify({ seq: i, runId }),
    })),
  });
  console.log(`produce: ${count} messages, acks=-1 idempotent, partitions=${sent.map((r) => r.partition).join(',')}`);
  await producer.disconnect();

  const groupId = `agora-smoke-group-${runId}`;
  const consumer = kafka.consumer({ groupId });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const seen = new Set();
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timeout: consumed ${seen.size}/${count}`)), 30_000);
    consumer.run({
      eachMessage: async ({ message }) => {
        seen.add(JSON.parse(message.value.toString()).seq);
        if (seen.size === count) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await done;
  await consumer.commitOffsets([]);
  await consumer.disconnect();

  const offsets = await admin.fetchOffsets({ groupId, topics: [topic] });
  const committed = offsets[0].partitions.reduce((n, p) => n + Number(p.offset), 0);
  console.log(`consume: group ${groupId} read ${seen.size}/${count} messages, committed offsets sum=${committed}`);

  const topicOffsets = await admin.fetchTopicOffsets(topic);
  const groups = await admin.describeGroups([groupId]);
  console.log(
    `admin: high watermarks sum=${topicOffsets.reduce((n, p) => n + Number(p.high), 0)}, ` +
      `group state=${groups.groups[0].state} protocolType=${groups.groups[0].protocolType}`,
  );

  // Transactions: produce + commit consumer offsets atomically (AddOffsetsToTxn/TxnOffsetCommit/EndTxn).
  const txProducer = kafka.producer({
    transactionalId: `agora-smoke-tx-${runId}`,
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await txProducer.connect();
  const tx = await txProducer.transaction();
  await tx.send({ topic, messages: [{ key: 'tx', value: JSON.stringify({ seq: count, runId }) }] });
  await tx.sendOffsets({ consumerGroupId: groupId, topics: [{ topic, partitions: [{ partition: 0, offset: '0' }] }] });
  await tx.commit();
  await txProducer.disconnect();
  console.log('transaction: send + sendOffsets + commit OK');

  await admin.deleteTopics({ topics: [topic] });
  await admin.disconnect();
  console.log('kafka smoke: OK');
}

main().catch((err) => {
  console.error('kafka smoke: FAILED', err);
  process.exit(1);
});
