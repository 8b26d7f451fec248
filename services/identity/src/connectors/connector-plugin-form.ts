import {
  type ConfigField,
  ConnectorKind,
  type ConnectorSettings,
  type ConnectorSettingsResp,
  ConnectorSettingsSchema,
  type Language,
  PluginFieldType,
} from '@agora/contracts';
import type { FieldProblem } from '@agora/platform';

/** The connector fields its plugin form shows, in order; the name is the plugin's slug and is not edited. */
const FORM_FIELDS = [
  'enabled',
  'kind',
  'button_label',
  'icon',
  'issuer',
  'authorization_url',
  'token_url',
  'api_url',
  'client_id',
  'client_secret',
  'scopes',
] as const satisfies readonly (keyof ConnectorSettings)[];
type FormField = (typeof FORM_FIELDS)[number];

const TITLES: Record<FormField, Record<Language, string>> = {
  enabled: { en_US: 'Enabled', zh_CN: '启用' },
  kind: { en_US: 'Kind', zh_CN: '类型' },
  button_label: { en_US: 'Button label', zh_CN: '按钮文字' },
  icon: { en_US: 'Icon', zh_CN: '图标' },
  issuer: { en_US: 'Issuer (OpenID Connect)', zh_CN: '签发者（OpenID Connect）' },
  authorization_url: { en_US: 'Authorization URL (OAuth2)', zh_CN: '授权地址（OAuth2）' },
  token_url: { en_US: 'Token URL (OAuth2)', zh_CN: '令牌地址（OAuth2）' },
  api_url: { en_US: 'API URL (OAuth2)', zh_CN: 'API 地址（OAuth2）' },
  client_id: { en_US: 'Client ID', zh_CN: '客户端 ID' },
  client_secret: { en_US: 'Client secret', zh_CN: '客户端密钥' },
  scopes: { en_US: 'Scopes', zh_CN: '权限范围' },
};

const KINDS = [ConnectorKind.oidc, ConnectorKind.oauth2];

/** A connector's settings as a plugin form (`ConfigField`s), the secret masked. */
export function connectorConfigFields(settings: ConnectorSettingsResp, language: Language): ConfigField[] {
  return FORM_FIELDS.map((name) => {
    const schema = ConnectorSettingsSchema.properties[name] as { minLength?: number; maxLength?: number };
    const type =
      name === 'enabled' ? PluginFieldType.switch : name === 'kind' ? PluginFieldType.select : PluginFieldType.input;
    return {
      name,
      type,
      title: TITLES[name][language],
      description: '',
      required: (schema.minLength ?? 0) > 0 || name === 'kind',
      value: settings[name],
      options: name === 'kind' ? KINDS.map((kind) => ({ label: kind, value: kind })) : [],
      ui_options: {
        ...(name === 'client_secret' ? { input_type: 'password' } : {}),
        ...(schema.maxLength ? { max_length: schema.maxLength } : {}),
      },
    };
  });
}

/** The fields sent laid over the stored settings, each checked against the connector schema's rules. */
export function connectorFromForm(
  stored: Omit<ConnectorSettings, 'client_secret'>,
  sent: Record<string, unknown>,
): { settings: ConnectorSettings; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const settings: Record<string, unknown> = { ...stored, client_secret: '' };
  for (const [name, value] of Object.entries(sent)) {
    if (!(FORM_FIELDS as readonly string[]).includes(name)) {
      problems.push({ field: name, key: 'validation.unknown_field' });
      continue;
    }
    const field = name as FormField;
    if (field === 'enabled') {
      if (typeof value === 'boolean') settings.enabled = value;
      else problems.push({ field, key: 'validation.invalid' });
      continue;
    }
    if (field === 'kind') {
      if (typeof value === 'string' && (KINDS as string[]).includes(value)) settings.kind = value;
      else problems.push({ field, key: 'validation.one_of', params: { options: KINDS.join(', ') } });
      continue;
    }
    const schema = ConnectorSettingsSchema.properties[field] as { minLength?: number; maxLength?: number };
    if (typeof value !== 'string') problems.push({ field, key: 'validation.invalid' });
    else if ((schema.minLength ?? 0) > 0 && value.trim() === '') problems.push({ field, key: 'validation.required' });
    else if (schema.maxLength !== undefined && value.length > schema.maxLength)
      problems.push({ field, key: 'validation.max_length', params: { limit: schema.maxLength } });
    else settings[field] = value;
  }
  return { settings: settings as ConnectorSettings, problems };
}
