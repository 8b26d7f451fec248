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
  'error.user.not_found': 'User not found.',
  'error.user.already_exists': 'The user already exists.',
  'error.user.registration_closed': 'New registrations are closed.',
  'error.user.password_login_closed': 'Signing in with a password is turned off on this site.',
  'error.user.field_locked': '{field} cannot be changed on this site.',
  'error.user.operate_yourself': 'Forbidden to operate on yourself',
  'error.email.duplicate': 'This email is already in use.',
  'error.email.domain_not_allowed': 'Registration with this email domain is not allowed.',
  'error.email.or_password_wrong': 'Email or password is incorrect.',
  'error.email.verify_url_expired': 'This link is no longer valid.',
  'error.password.old_wrong': 'The current password is incorrect.',
  'error.username.duplicate': 'This username is already in use.',
  'error.captcha.empty': 'Captcha cannot be empty.',
  'error.captcha.wrong': 'Captcha is incorrect.',
  'error.rank.not_enough': 'You need at least {rank} reputation to do this.',
  'error.rank.role_only': 'Only moderators and administrators can do this.',
  'error.bulk.display_name': 'Line {line}: the display name must be 4 to 30 characters.',
  'error.bulk.email': 'Line {line}: the email is invalid.',
  'error.bulk.email_repeated': 'Line {line}: the email appears on an earlier line.',
  'error.bulk.email_taken': 'Line {line}: the email is already in use.',
  'error.bulk.password': 'Line {line}: the password must be 8 to 32 characters.',
  'error.bulk.too_many': 'At most 5,000 users can be added at once.',
  'error.upload.type': 'Only images are allowed ({types}).',
  'error.upload.size': 'The file must be at most {limit} MB.',
  'error.upload.megapixel': 'The image must be at most {limit} megapixels.',
  'error.upload.unreadable': 'The image could not be read.',
  'error.question.not_found': 'The question does not exist.',
  'error.question.exists': 'The question already exists.',
  'error.question.closed': 'The question is closed to new answers.',
  'error.question.cannot_delete':
    'A question with an accepted answer, several answers, or a voted-up answer cannot be deleted by its author.',
  'error.answer.not_found': 'The answer does not exist.',
  'error.answer.exists': 'The answer already exists.',
  'error.answer.cannot_delete': 'An accepted or voted-up answer cannot be deleted by its author.',
  'error.answer.restrict_answer': 'You have already answered this question; edit your answer instead.',
  'error.comment.not_found': 'The comment does not exist.',
  'error.comment.exists': 'The comment already exists.',
  'error.comment.cannot_edit_after_deadline': 'Comments can be edited only within 5 minutes.',
  'error.object.not_found': 'The post does not exist.',
  'error.revision.review_underway': 'An edit of this post is waiting for review.',
  'error.tag.invalid_slug': 'The tag "{slug}" may use only a-z, 0-9, +, #, - and ., up to 35 characters.',
  'error.tag.recommended_required': 'Choose at least one recommended tag.',
  'error.tag.reserved': 'Only moderators can use reserved tags.',
  'error.tag.no_permission_to_create': 'You need more reputation to create the new tag "{slug}".',
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
  'validation.required': '{field}不能为空。',
  'validation.invalid': '{field}无效。',
  'validation.min_length': '{field}至少需要 {limit} 个字符。',
  'validation.max_length': '{field}最多 {limit} 个字符。',
  'validation.minimum': '{field}不能小于 {limit}。',
  'validation.maximum': '{field}不能大于 {limit}。',
  'validation.min_items': '{field}至少需要 {limit} 项。',
  'validation.max_items': '{field}最多 {limit} 项。',
  'validation.unknown_field': '{field}不是已知字段。',
  'error.user.not_found': '用户不存在。',
  'error.user.already_exists': '用户已存在。',
  'error.user.registration_closed': '本站已关闭新用户注册。',
  'error.user.password_login_closed': '本站已关闭密码登录。',
  'error.user.field_locked': '本站不允许修改{field}。',
  'error.user.operate_yourself': '不能对自己进行操作',
  'error.email.duplicate': '该邮箱已被使用。',
  'error.email.domain_not_allowed': '不允许使用该邮箱域名注册。',
  'error.email.or_password_wrong': '邮箱或密码错误。',
  'error.email.verify_url_expired': '此链接已失效。',
  'error.password.old_wrong': '当前密码不正确。',
  'error.username.duplicate': '该用户名已被使用。',
  'error.captcha.empty': '验证码不能为空。',
  'error.captcha.wrong': '验证码错误。',
  'error.rank.not_enough': '你至少需要 {rank} 声望才能执行此操作。',
  'error.rank.role_only': '只有版主和管理员可以执行此操作。',
  'error.bulk.display_name': '第 {line} 行：显示名称须为 4 到 30 个字符。',
  'error.bulk.email': '第 {line} 行：邮箱无效。',
  'error.bulk.email_repeated': '第 {line} 行：邮箱与前面的行重复。',
  'error.bulk.email_taken': '第 {line} 行：邮箱已被使用。',
  'error.bulk.password': '第 {line} 行：密码须为 8 到 32 个字符。',
  'error.bulk.too_many': '一次最多添加 5000 个用户。',
  'error.upload.type': '仅允许上传图片（{types}）。',
  'error.upload.size': '文件不能超过 {limit} MB。',
  'error.upload.megapixel': '图片不能超过 {limit} 百万像素。',
  'error.upload.unreadable': '无法读取该图片。',
  'error.question.not_found': '问题不存在。',
  'error.question.exists': '问题已存在。',
  'error.question.closed': '该问题已关闭，不能再回答。',
  'error.question.cannot_delete': '已有采纳答案、多个回答或获赞回答的问题，作者不能删除。',
  'error.answer.not_found': '回答不存在。',
  'error.answer.exists': '回答已存在。',
  'error.answer.cannot_delete': '已被采纳或获赞的回答，作者不能删除。',
  'error.answer.restrict_answer': '你已经回答过这个问题，请编辑你的回答。',
  'error.comment.not_found': '评论不存在。',
  'error.comment.exists': '评论已存在。',
  'error.comment.cannot_edit_after_deadline': '评论只能在 5 分钟内编辑。',
  'error.object.not_found': '帖子不存在。',
  'error.revision.review_underway': '该帖子的修改正在等待审核。',
  'error.tag.invalid_slug': '标签“{slug}”只能使用 a-z、0-9、+、#、- 和 .，最多 35 个字符。',
  'error.tag.recommended_required': '请至少选择一个推荐标签。',
  'error.tag.reserved': '只有版主可以使用保留标签。',
  'error.tag.no_permission_to_create': '你需要更多声望才能创建新标签“{slug}”。',
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

/** How a request field is named in messages; others are humanised from their name. */
const FIELD_LABELS: Record<Language, Record<string, string>> = {
  en_US: {
    e_mail: 'Email',
    email: 'Email',
    pass: 'Password',
    password: 'Password',
    old_pass: 'Current password',
    captcha_code: 'Captcha',
    display_name: 'Display name',
    name: 'Name',
  },
  zh_CN: {
    e_mail: '邮箱',
    email: '邮箱',
    pass: '密码',
    password: '密码',
    old_pass: '当前密码',
    captcha_code: '验证码',
    display_name: '显示名称',
    name: '名字',
    username: '用户名',
    bio: '简介',
    website: '网站',
    location: '位置',
    avatar: '头像',
    title: '标题',
    content: '内容',
    tags: '标签',
    file: '文件',
    source: '来源',
  },
};

export function fieldLabel(language: Language, field: string): string {
  const last = field.split('.').at(-1) ?? field;
  const words = last.replace(/[_-]+/g, ' ').trim();
  const label =
    FIELD_LABELS[language][last] ?? FIELD_LABELS.en_US[last] ?? words.charAt(0).toUpperCase() + words.slice(1);
  // Chinese messages run the label straight into the text; a Latin label needs a space after it.
  return language === 'zh_CN' && !/[\u4e00-\u9fff]/.test(label) ? `${label} ` : label;
}
