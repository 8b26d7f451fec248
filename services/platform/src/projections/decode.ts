import type { EventDefinition } from '@agora/contracts';
import { Compile } from 'typebox/compile';
import type { StoredEvent } from '../eventstore/types';

export class MalformedEventError extends Error {
  override name = 'MalformedEventError';
}

type Validator = ReturnType<typeof Compile>;

/** Validates events against their contract schema, upcasting older schema versions first. */
export class EventDecoder {
  private readonly definitions = new Map<string, { definition: EventDefinition; validator: Validator }>();

  constructor(definitions: readonly EventDefinition[]) {
    for (const definition of definitions) {
      this.definitions.set(definition.type, { definition, validator: Compile(definition.data) });
    }
  }

  handles(type: string): boolean {
    return this.definitions.has(type);
  }

  decode(event: StoredEvent): StoredEvent {
    const entry = this.definitions.get(event.type);
    if (!entry) throw new MalformedEventError(`No schema for event type ${event.type}`);
    const { definition, validator } = entry;
    const version = event.metadata?.schemaVersion ?? 1;
    let data = event.data;
    if (version > definition.schemaVersion) {
      throw new MalformedEventError(
        `${event.type} has schema version ${version}, newer than ${definition.schemaVersion}`,
      );
    }
    if (version < definition.schemaVersion) {
      if (!definition.upcast) throw new MalformedEventError(`${event.type} v${version} cannot be upcast`);
      data = definition.upcast(data, version);
    }
    if (!validator.Check(data)) {
      const first = validator.Errors(data)[0];
      throw new MalformedEventError(
        `${event.type} does not match its schema${first ? `: ${first.instancePath || '/'} ${first.message}` : ''}`,
      );
    }
    return data === event.data ? event : { ...event, data };
  }
}
