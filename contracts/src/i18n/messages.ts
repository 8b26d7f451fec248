import type { Language } from './languages';

/**
 * Server-side messages: envelope reasons and validation templates.
 * `{field}` is the capitalised field label, `{limit}` the schema limit.
 */
const en_US = {
  'base.success': 'Success.',
  'base.unknown': 'Unknown error.',
  'base.request_format_error': 'Request format is not valid.',
  'base.unauthorized_error': 'Unauthorized.',
  'base.forbidden_error': 'Forbidden.',
  'base.not_found': 'The resource does not exist.',
  'base.too_many_requests': 'Too many requests, please try again later.',
  'base.database_error': 'Data server error.',
  'validation.required': '{field} cannot be empty.',
  'validation.invalid': '{field} is invalid.',
  'validation.min_length': '{field} must be at least {limit} characters.',
  'validation.max_length': '{field} must be at most {limit} characters.',
  'validation.minimum': '{field} must be at least {limit}.',
  'validation.maximum': '{field} must be at most {limit}.',
  'validation.min_items': '{field} needs at least {limit} items.',
  'validation.max_items': '{field} can have at most {limit} items.',
  'validation.unknown_field': '{field} is not a known field.',
} as const;

export type MessageKey = keyof typeof en_US;

const zh_CN: Record<MessageKey, string> = {
  'base.success': '成功。',
  'base.unknown': '未知错误。',
  'base.request_format_error': '请求格式错误。',
  'base.unauthorized_error': '未登录。',
  'base.forbidden_error': '无权限。',
  'base.not_found': '资源不存在。',
  'base.too_many_requests': '请求过于频繁，请稍后再试。',
  'base.database_error': '数据服务异常。',
  'validation.required': '{field} 不能为空。',
  'validation.invalid': '{field} 无效。',
  'validation.min_length': '{field} 至少需要 {limit} 个字符。',
  'validation.max_length': '{field} 最多 {limit} 个字符。',
  'validation.minimum': '{field} 不能小于 {limit}。',
  'validation.maximum': '{field} 不能大于 {limit}。',
  'validation.min_items': '{field} 至少需要 {limit} 项。',
  'validation.max_items': '{field} 最多 {limit} 项。',
  'validation.unknown_field': '{field} 不是已知字段。',
};

const catalogs: Record<Language, Record<MessageKey, string>> = { en_US, zh_CN };

export function isMessageKey(key: string): key is MessageKey {
  return key in en_US;
}

/** Translates a key, filling `{name}` placeholders; an unknown key is returned as is. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = isMessageKey(key) ? catalogs[language][key] : key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
