import {
  type DataOf,
  type FlagHandled,
  type FlagOperation,
  type FlagReported,
  Limits,
  REASONS,
  reasonOfType,
} from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';
import { type FlaggedObject, isGone } from './facts';

export type FlagEvent =
  | { type: 'moderation.flag_reported'; data: DataOf<typeof FlagReported> }
  | { type: 'moderation.flag_handled'; data: DataOf<typeof FlagHandled> };

/** One member's flags of one object (stream `flags-<object id>-<member id>`): at most one is open. */
export interface FlagState {
  flags: Map<string, { status: 'pending' | 'completed' | 'ignored'; reported: DataOf<typeof FlagReported> }>;
  openFlagId: string | null;
}

export interface ReportCommand {
  type: 'report';
  flagId: string;
  reporterId: string;
  /** The object as moderation knows it; null when it knows none by that id. */
  object: FlaggedObject | null;
  reasonType: number;
  content: string;
}

export interface HandleCommand {
  type: 'handle';
  flagId: string;
  handlerId: string;
  /** Suspending a member is an admin's power (identity's admin rule). */
  handlerIsAdmin: boolean;
  operation: FlagOperation;
  closeType: number;
  closeMsg: string;
  title: string;
  content: string;
  tags: { slug_name: string; display_name: string }[];
  /** The object as it stands (for what an edit keeps). */
  object: FlaggedObject | null;
  /** When a suspension ends, decided by the caller's clock so that a replay repeats it. */
  suspendedUntil: string;
}

export type FlagCommand = ReportCommand | HandleCommand;

/** The operations each kind of object can be handled with (members too: docs/behaviour-decisions.md). */
export const OPERATIONS_BY_TYPE: Record<FlaggedObject['objectType'], readonly FlagOperation[]> = {
  question: ['edit_post', 'close_post', 'delete_post', 'unlist_post', 'ignore_report'],
  answer: ['edit_post', 'delete_post', 'ignore_report'],
  comment: ['edit_post', 'delete_post', 'ignore_report'],
  user: ['suspend_user', 'ignore_report'],
};

const LINK = /^https?:\/\/\S+$/i;

function requireReasonText(reasonName: keyof typeof REASONS, content: string): void {
  const kind = REASONS[reasonName].contentType;
  if (kind === 'text' && !LINK.test(content.trim())) {
    throw errors.fields({ field: 'content', key: 'error.report.duplicate_needs_link' });
  }
  if (kind === 'textarea' && !content.trim()) {
    throw errors.fields({ field: 'content', key: 'error.report.reason_needs_text' });
  }
}

function report(command: ReportCommand, state: FlagState): FlagEvent[] {
  const { object } = command;
  if (!object || isGone(object)) throw errors.notFound('error.object.not_found');
  if (object.objectType === 'user' && object.userId === command.reporterId) {
    throw errors.business('error.user.cannot_flag_yourself', 'error.user.cannot_flag_yourself', 'toast');
  }
  const reason = reasonOfType(object.objectType, 'flag', command.reasonType);
  if (!reason) throw errors.fields({ field: 'report_type', key: 'validation.invalid' });
  requireReasonText(reason, command.content);
  if (command.content.length > Limits.report.contentMaxLength) {
    throw errors.fields({
      field: 'content',
      key: 'validation.max_length',
      params: { limit: Limits.report.contentMaxLength },
    });
  }
  if (state.openFlagId) throw errors.business('error.report.duplicate', 'error.report.duplicate', 'toast');
  return [
    {
      type: 'moderation.flag_reported',
      data: {
        flag_id: command.flagId,
        object_id: object.objectId,
        object_type: object.objectType,
        question_id: object.questionId,
        object_user_id: object.userId,
        reporter_id: command.reporterId,
        reason_type: command.reasonType,
        content: command.content.trim(),
      },
    },
  ];
}

/** What an edit writes: the handler's text, the object's where the handler gave none (a question keeps its tags). */
function editOf(command: HandleCommand, object: FlaggedObject) {
  const title = object.objectType === 'question' ? command.title.trim() || object.title : '';
  const content = command.content.trim();
  const min =
    object.objectType === 'comment'
      ? Limits.comment.minLength
      : object.objectType === 'answer'
        ? Limits.answer.minLength
        : 0;
  const max = object.objectType === 'comment' ? Limits.comment.maxLength : Limits.post.bodyMaxLength;
  if (content.length < Math.max(min, 1)) {
    throw errors.fields({ field: 'content', key: 'validation.min_length', params: { limit: Math.max(min, 1) } });
  }
  if (content.length > max)
    throw errors.fields({ field: 'content', key: 'validation.max_length', params: { limit: max } });
  if (object.objectType === 'question' && title.length < Limits.question.titleMinLength) {
    throw errors.fields({
      field: 'title',
      key: 'validation.min_length',
      params: { limit: Limits.question.titleMinLength },
    });
  }
  const tags = object.objectType === 'question' ? (command.tags.length ? command.tags : object.tags) : [];
  return { title, content, tags };
}

function handle(command: HandleCommand, state: FlagState): FlagEvent[] {
  const flag = state.flags.get(command.flagId);
  if (!flag) throw errors.notFound('error.report.not_found');
  if (flag.status !== 'pending') throw errors.business('error.report.handled', 'error.report.handled', 'toast');
  const reported = flag.reported;
  const { operation } = command;
  if (!OPERATIONS_BY_TYPE[reported.object_type].includes(operation)) {
    throw errors.fields({ field: 'operation_type', key: 'error.report.operation_not_allowed' });
  }
  if (operation === 'suspend_user' && !command.handlerIsAdmin)
    throw errors.forbidden(undefined, 'error.rank.role_only');
  let edit = { title: '', content: '', tags: [] as { slug_name: string; display_name: string }[] };
  let close = { type: 0, msg: '' };
  if (operation === 'edit_post') {
    if (!command.object || isGone(command.object)) throw errors.notFound('error.object.not_found');
    edit = editOf(command, command.object);
  }
  if (operation === 'close_post') {
    const reason = reasonOfType('question', 'close', command.closeType);
    if (!reason) throw errors.fields({ field: 'close_type', key: 'validation.invalid' });
    if (REASONS[reason].contentType === 'text' && !LINK.test(command.closeMsg.trim())) {
      throw errors.fields({ field: 'close_msg', key: 'error.report.duplicate_needs_link' });
    }
    close = { type: command.closeType, msg: command.closeMsg.trim() };
  }
  return [
    {
      type: 'moderation.flag_handled',
      data: {
        flag_id: reported.flag_id,
        object_id: reported.object_id,
        object_type: reported.object_type,
        question_id: reported.question_id,
        object_user_id: reported.object_user_id,
        reporter_id: reported.reporter_id,
        handler_id: command.handlerId,
        operation,
        status: operation === 'ignore_report' ? 'ignored' : 'completed',
        close_type: close.type,
        close_msg: close.msg,
        ...edit,
        suspended_until: operation === 'suspend_user' ? command.suspendedUntil : '',
      },
    },
  ];
}

/** Flags: raised with a reason its object's list offers, handled once by a moderator. */
export const flagDecider: Decider<FlagState, FlagCommand, FlagEvent> = {
  initialState: () => ({ flags: new Map(), openFlagId: null }),
  evolve(state, event) {
    const flags = new Map(state.flags);
    if (event.type === 'moderation.flag_reported') {
      flags.set(event.data.flag_id, { status: 'pending', reported: event.data });
      return { flags, openFlagId: event.data.flag_id };
    }
    const flag = flags.get(event.data.flag_id);
    if (flag) flags.set(event.data.flag_id, { ...flag, status: event.data.status });
    return { flags, openFlagId: state.openFlagId === event.data.flag_id ? null : state.openFlagId };
  },
  decide: (command, state) => (command.type === 'report' ? report(command, state) : handle(command, state)),
};

export function flagStreamId(objectId: string, reporterId: string): string {
  return `flags-${objectId}-${reporterId}`;
}
