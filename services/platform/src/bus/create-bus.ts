import type { Logger } from 'pino';
import type { AgoraConfig } from '../config/config';
import type { EventBus } from './port';
import { PostgresEventBus } from './postgres/postgres-bus';

export interface BusSettings {
  kind: AgoraConfig['bus'];
  databaseUrl: string;
  kafkaBrokers?: string[];
  kafkaPartitions?: number;
  /** Prefix of topic and consumer-group names; tests use a fresh one per run. */
  kafkaPrefix?: string;
  clientId?: string;
  log: Logger;
}

/** The bus the configuration names (AGORA_BUS, KAFKA_BROKERS, AGORA_KAFKA_PARTITIONS, AGORA_KAFKA_PREFIX). */
export function busSettingsOf(
  config: Pick<AgoraConfig, 'bus' | 'kafkaBrokers' | 'kafkaPartitions' | 'kafkaPrefix'>,
): Pick<BusSettings, 'kind' | 'kafkaBrokers' | 'kafkaPartitions' | 'kafkaPrefix'> {
  return {
    kind: config.bus,
    kafkaBrokers: config.kafkaBrokers,
    kafkaPartitions: config.kafkaPartitions,
    kafkaPrefix: config.kafkaPrefix,
  };
}

export async function createEventBus(settings: BusSettings): Promise<EventBus> {
  if (settings.kind === 'postgres')
    return new PostgresEventBus({ databaseUrl: settings.databaseUrl, log: settings.log });
  const { KafkaEventBus } = await import('./kafka/kafka-bus');
  return new KafkaEventBus({
    brokers: settings.kafkaBrokers ?? [],
    partitions: settings.kafkaPartitions ?? 8,
    prefix: settings.kafkaPrefix ?? 'agora',
    clientId: settings.clientId ?? 'agora',
    log: settings.log,
  });
}
