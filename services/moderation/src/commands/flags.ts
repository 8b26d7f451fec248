import { type FlagOperation, Role } from '@agora/contracts';
import { type Actor, errors, FOREVER, type ServiceContext } from '@agora/platform';
import { sql } from 'kysely';
import { flagDecider, flagStreamId } from '../domain/flag/decider';
import { currentObject } from '../queries/objects';
import { requirePermission } from './permissions';
import { runOn } from './run';

export interface HandleInput {
  flag_id: string;
  operation_type: FlagOperation;
  close_type?: number;
  close_msg?: string;
  title?: string;
  content?: string;
  tags?: { slug_name: string; display_name?: string }[];
  /** How long a suspension lasts, in hours; for ever when absent. */
  suspend_hours?: number;
}

/** Flags: a member raises one, a moderator handles it with an action its owner carries out. */
export class FlagCommands {
  constructor(private readonly context: ServiceContext) {}

  async report(actor: Actor, input: { object_id: string; report_type: number; content: string }): Promise<string> {
    requirePermission(actor, 'report.add', await this.context.siteSettings());
    const flagId = this.context.ids.next('report');
    const object = await currentObject(this.context, input.object_id);
    await runOn(
      this.context,
      flagStreamId(input.object_id, actor.id),
      flagDecider,
      {
        type: 'report',
        flagId,
        reporterId: actor.id,
        object,
        reasonType: input.report_type,
        content: input.content,
      },
      actor.id,
    );
    return flagId;
  }

  async handle(actor: Actor, input: HandleInput): Promise<void> {
    const { rows } = await sql<{ stream_id: string; object_id: string }>`
      select stream_id, object_id from flags where flag_id = ${input.flag_id}`.execute(this.context.database.db);
    const flag = rows[0];
    if (!flag) throw errors.notFound('error.report.not_found');
    const object = input.operation_type === 'edit_post' ? await currentObject(this.context, flag.object_id) : null;
    const hours = input.suspend_hours;
    await runOn(
      this.context,
      flag.stream_id,
      flagDecider,
      {
        type: 'handle',
        flagId: input.flag_id,
        handlerId: actor.id,
        handlerIsAdmin: actor.roleId === Role.admin,
        operation: input.operation_type,
        closeType: input.close_type ?? 0,
        closeMsg: input.close_msg ?? '',
        title: input.title ?? '',
        content: input.content ?? '',
        tags: (input.tags ?? []).map((t) => ({ slug_name: t.slug_name, display_name: t.display_name ?? t.slug_name })),
        object,
        suspendedUntil: hours ? new Date(Date.now() + hours * 3_600_000).toISOString() : FOREVER.toISOString(),
      },
      actor.id,
    );
  }
}
