import {
  type ApiKeyItem,
  assistantAdminApi,
  invalidateKeys,
  queryKeys,
  RelativeTime,
  useTranslation,
} from '@agora/kit';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../layout/load-error';
import { AdminList } from '../lists/admin-list';
import { RowMenu } from '../lists/row-menu';
import { AddKeyDialog } from './add-key-dialog';
import { EditKeyDialog } from './edit-key-dialog';
import { scopeKey } from './key-form';
import { NewKeyDialog } from './new-key-dialog';
import { RevokeKeyDialog } from './revoke-key-dialog';

type KeyAction = 'edit' | 'revoke';
const ACTIONS: readonly KeyAction[] = ['edit', 'revoke'];

const Masked = ({ apiKey }: { apiKey: ApiKeyItem }) => (
  <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>
    {apiKey.access_key}
  </Box>
);

/**
 * /admin/api-keys: the admins' API keys (the MCP server's credentials), masked; a new key is shown whole once, in
 * its own dialog, then only masked; a key's description edited, or the key revoked after a confirmation.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const keys = useQuery({ queryKey: queryKeys.adminApiKeys(), queryFn: assistantAdminApi.apiKeys });
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [open, setOpen] = useState<{ apiKey: ApiKeyItem; action: KeyAction } | null>(null);
  const refresh = async () => {
    setOpen(null);
    await invalidateKeys(client, queryKeys.adminApiKeys());
  };
  return (
    <>
      <AdminList
        title={t('ui.admin.menu.api_keys')}
        toolbar={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setAdding(true)}
            data-testid="api-key-add-open"
          >
            {t('ui.admin.api_keys.add')}
          </Button>
        }
        filters={
          <Typography variant="body2" color="text.secondary">
            {t('ui.admin.api_keys.intro')}
          </Typography>
        }
        data={keys.data ? { list: keys.data, count: keys.data.length } : undefined}
        error={
          keys.isError ? (
            <LoadError error={keys.error} onRetry={() => void keys.refetch()} testId="api-keys-error" />
          ) : undefined
        }
        page={1}
        testId="admin-api-keys"
        rowId={{ attribute: 'data-api-key', of: (apiKey) => String(apiKey.id) }}
        columns={[
          {
            id: 'description',
            label: t('ui.admin.api_keys.description'),
            maxWidth: 320,
            cell: (apiKey) => (
              <>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {apiKey.description}
                </Typography>
                {/* Narrow screens have no key column: the key under its description. */}
                <Box sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}>
                  <Masked apiKey={apiKey} />
                </Box>
              </>
            ),
          },
          { id: 'key', label: t('ui.admin.api_keys.key'), from: 'sm', cell: (apiKey) => <Masked apiKey={apiKey} /> },
          {
            id: 'scope',
            label: t('ui.admin.api_keys.scope'),
            cell: (apiKey) => (
              <Chip
                size="small"
                variant="outlined"
                color={apiKey.scope === 'global' ? 'warning' : 'default'}
                label={t(`ui.admin.api_keys.scope_${scopeKey(apiKey.scope)}`)}
              />
            ),
          },
          {
            id: 'created',
            label: t('ui.admin.api_keys.created'),
            from: 'md',
            cell: (apiKey) => <RelativeTime time={apiKey.created_at} />,
          },
          {
            id: 'last_used',
            label: t('ui.admin.api_keys.last_used'),
            from: 'sm',
            cell: (apiKey) => <RelativeTime time={apiKey.last_used_at} />,
          },
        ]}
        actions={(apiKey) => (
          <RowMenu
            label={t('ui.admin.api_keys.actions_of', { name: apiKey.description })}
            choices={ACTIONS}
            labelOf={(action) => t(`ui.admin.api_keys.${action}`)}
            onChoose={(action) => setOpen({ apiKey, action })}
            testId="api-key-actions"
            choiceTestId={(action) => `api-key-${action}-open`}
          />
        )}
        empty={{ text: t('ui.admin.api_keys.none'), testId: 'api-keys-none' }}
      />
      {adding ? (
        <AddKeyDialog
          onClose={() => setAdding(false)}
          onCreated={(key) => {
            setAdding(false);
            setCreated(key);
            void refresh();
          }}
        />
      ) : null}
      {created ? <NewKeyDialog accessKey={created} onClose={() => setCreated(null)} /> : null}
      {open?.action === 'edit' ? (
        <EditKeyDialog apiKey={open.apiKey} onClose={() => setOpen(null)} onDone={() => void refresh()} />
      ) : null}
      {open?.action === 'revoke' ? (
        <RevokeKeyDialog apiKey={open.apiKey} onClose={() => setOpen(null)} onDone={() => void refresh()} />
      ) : null}
    </>
  );
}
