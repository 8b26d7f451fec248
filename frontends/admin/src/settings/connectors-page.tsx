import { ConnectorKind, MASKED_SECRET } from '@agora/contracts/identity/connector-constants';
import { adminApi, invalidateKeys, Loading, queryKeys, useTranslation } from '@agora/kit';
import { Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldSpec, FormValues } from '../forms/schema';
import { SchemaForm } from '../forms/schema-form';

interface ConnectorSettings {
  name: string;
  kind: string;
  enabled: boolean;
  issuer: string;
  authorization_url: string;
  token_url: string;
  api_url: string;
  client_id: string;
  client_secret: string;
  scopes: string;
  button_label: string;
  icon: string;
  client_secret_set?: boolean;
  redirect_uri?: string;
}

const ICONS = ['Key', 'Business', 'GitHub', 'Google', 'Microsoft', 'Forum'];

/** The fields of one connector; the issuer is OpenID Connect's, the three endpoints OAuth2's. */
const FIELDS: FieldSpec[] = [
  {
    name: 'name',
    kind: 'text',
    label: 'ui.admin.connectors.name',
    required: true,
    maxLength: 40,
    description: 'ui.admin.help.connector_name',
  },
  {
    name: 'kind',
    kind: 'select',
    required: true,
    options: [
      { value: ConnectorKind.oidc, label: 'ui.admin.options.oidc' },
      { value: ConnectorKind.oauth2, label: 'ui.admin.options.oauth2' },
    ],
  },
  { name: 'enabled', kind: 'switch' },
  { name: 'button_label', kind: 'text', required: true, maxLength: 60 },
  { name: 'icon', kind: 'select', options: ICONS.map((icon) => ({ value: icon, label: icon, raw: true })) },
  { name: 'issuer', kind: 'text', maxLength: 512, description: 'ui.admin.help.issuer' },
  { name: 'authorization_url', kind: 'text', maxLength: 512 },
  { name: 'token_url', kind: 'text', maxLength: 512 },
  { name: 'api_url', kind: 'text', maxLength: 512 },
  { name: 'client_id', kind: 'text', required: true, maxLength: 256 },
  { name: 'client_secret', kind: 'password', maxLength: 512, description: 'ui.admin.help.client_secret' },
  { name: 'scopes', kind: 'text', maxLength: 512 },
];

const EMPTY: ConnectorSettings = {
  name: '',
  kind: ConnectorKind.oidc,
  enabled: true,
  issuer: '',
  authorization_url: '',
  token_url: '',
  api_url: '',
  client_id: '',
  client_secret: '',
  scopes: 'openid email profile',
  button_label: '',
  icon: 'Key',
};

function toForm({ client_secret_set: _, redirect_uri: __, ...settings }: ConnectorSettings): FormValues {
  return settings;
}

function ConnectorForm({ connector }: { connector: ConnectorSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const isNew = connector.name === '';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid={`connector-${connector.name || 'new'}`}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {isNew ? t('ui.admin.connectors.new') : connector.button_label}
      </Typography>
      {connector.redirect_uri ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
          {t('ui.admin.connectors.redirect_uri', { uri: connector.redirect_uri })}
        </Typography>
      ) : null}
      <SchemaForm
        fields={FIELDS}
        initial={toForm(connector)}
        testId={`connector-form-${connector.name || 'new'}`}
        onSubmit={async (values) => {
          await adminApi.saveSettings('connector', values);
          await invalidateKeys(client, queryKeys.adminSettings('connectors'));
        }}
        submitLabel={t('ui.admin.form.save')}
      />
    </Paper>
  );
}

/** /admin/connectors: the external logins, each edited on its own (the secret shown masked), and a new one. */
export function ConnectorsPage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.adminSettings('connectors'),
    queryFn: () => adminApi.settings<ConnectorSettings[]>('connectors'),
  });
  if (!query.data) return <Loading />;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('ui.admin.menu.connectors')}
      </Typography>
      {query.data.map((connector) => (
        <ConnectorForm key={connector.name} connector={{ ...connector, client_secret: MASKED_SECRET }} />
      ))}
      <ConnectorForm connector={EMPTY} />
    </Stack>
  );
}
