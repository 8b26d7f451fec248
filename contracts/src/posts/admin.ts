import { type Static, Type } from 'typebox';
import { UserBasicInfoSchema } from '../users/user-basic-info';

// The admin's content pages (`{admin}/question/page`, `{admin}/answer/page`) and their status changes.

const available = Type.Literal('available');
const closed = Type.Literal('closed');
const deleted = Type.Literal('deleted');
const pending = Type.Literal('pending');

/** The statuses the admin's question list filters by, and those an admin may set. */
export const AdminQuestionFilterSchema = Type.Union([available, closed, deleted, pending]);
export const AdminQuestionStatusSchema = Type.Union([available, closed, deleted]);
/** The statuses the admin's answer list filters by, and those an admin may set. */
export const AdminAnswerFilterSchema = Type.Union([available, deleted, pending]);
export const AdminAnswerStatusSchema = Type.Union([available, deleted]);
export type AdminQuestionFilter = Static<typeof AdminQuestionFilterSchema>;
export type AdminQuestionStatus = Static<typeof AdminQuestionStatusSchema>;
export type AdminAnswerFilter = Static<typeof AdminAnswerFilterSchema>;
export type AdminAnswerStatus = Static<typeof AdminAnswerStatusSchema>;

/**
 * The `status` a list is asked for on the wire: a filter, the reference client's `normal` (its name for
 * `available`), or nothing (`status=`), which opens the available posts as the reference does.
 */
const asked = [Type.Literal('normal'), Type.Literal('')];
export const AdminQuestionFilterParamSchema = Type.Union([available, closed, deleted, pending, ...asked]);
export const AdminAnswerFilterParamSchema = Type.Union([available, deleted, pending, ...asked]);

/** The filter a list's `status` parameter names: `normal`, empty or absent mean `available`. */
export function adminFilterOf<F extends AdminQuestionFilter | AdminAnswerFilter>(
  status: F | 'normal' | '' | undefined,
): F | 'available' {
  return status === undefined || status === '' || status === 'normal' ? 'available' : status;
}

/** The admin lists' page size when the client names none (the reference's 20). */
export const ADMIN_CONTENT_PAGE_SIZE = 20;

/** The reference API's `AdminQuestionInfo`: a row of the admin's question list. */
export const AdminQuestionInfoSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  vote_count: Type.Integer(),
  show: Type.Integer(),
  pin: Type.Integer(),
  status: Type.Integer(),
  answer_count: Type.Integer(),
  accepted_answer_id: Type.String(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  edit_time: Type.Integer(),
  user_info: UserBasicInfoSchema,
});
export type AdminQuestionInfo = Static<typeof AdminQuestionInfoSchema>;

/** The reference API's `AdminAnswerInfo`: a row of the admin's answer list. */
export const AdminAnswerInfoSchema = Type.Object({
  id: Type.String(),
  question_id: Type.String(),
  description: Type.String(),
  status: Type.Integer(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  accepted: Type.Integer(),
  user_info: UserBasicInfoSchema,
  vote_count: Type.Integer(),
  question_info: Type.Object({ title: Type.String(), url_title: Type.String() }),
});
export type AdminAnswerInfo = Static<typeof AdminAnswerInfoSchema>;
