import { Limits } from '@agora/contracts/limits';
import type { ChosenTag } from '@agora/kit';

export interface QuestionValues {
  title: string;
  content: string;
  tags: ChosenTag[];
  answer: string;
}

export const EMPTY_QUESTION: QuestionValues = { title: '', content: '', tags: [], answer: '' };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The question form's checks: title 1–150, body required, 1–5 tags, an own answer of ≥ 6. */
export function checkQuestion(values: QuestionValues, withAnswer: boolean, t: Translate) {
  const errors: Partial<Record<keyof QuestionValues, string>> = {};
  const title = values.title.trim();
  if (!title) errors.title = t('ui.ask.title_empty');
  else if (title.length > Limits.question.titleMaxLength) {
    errors.title = t('ui.form.too_long', { field: t('ui.ask.title'), max: Limits.question.titleMaxLength });
  }
  if (!values.content.trim()) errors.content = t('ui.ask.body_empty');
  if (values.tags.length < Limits.tags.minPerQuestion) errors.tags = t('ui.ask.tags_empty');
  else if (values.tags.length > Limits.tags.maxPerQuestion)
    errors.tags = t('ui.ask.tags_max', { max: Limits.tags.maxPerQuestion });
  if (withAnswer && values.answer.trim().length < Limits.answer.minLength) {
    errors.answer = t('ui.detail.answer_min', { min: Limits.answer.minLength });
  }
  return errors;
}

export const isBlank = (v: QuestionValues) =>
  !v.title.trim() && !v.content.trim() && v.tags.length === 0 && !v.answer.trim();
