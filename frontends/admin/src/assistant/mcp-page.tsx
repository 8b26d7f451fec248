import { assistantAdminApi, invalidateKeys, Link, Loading, queryKeys, toast, useTranslation } from '@agora/kit';
import { FormControlLabel, InputAdornment, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../layout/load-error';
import { CopyButton } from './copy-button';

const FIELDS = ['type', 'url', 'http_header'] as const;

/** One of what a client is given to connect, read-only, with its copy button. */
function ConfigField({ name, value }: { name: (typeof FIELDS)[number]; value: string }) {
  const { t } = useTranslation();
  const label = t(`ui.admin.mcp.${name}`);
  return (
    <TextField
      label={label}
      value={value}
      size="small"
      fullWidth
      multiline
      onFocus={(event) => event.target.select()}
      slotProps={{
        htmlInput: {
          readOnly: true,
          'data-testid': `mcp-${name}`,
          sx: { fontFamily: 'monospace', wordBreak: 'break-all' },
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <CopyButton text={value} label={t('ui.admin.mcp.copy', { field: label })} testId={`mcp-copy-${name}`} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * /admin/mcp: the MCP server's switch, and while it is on, what a client is given to connect (its type, address
 * and header, each to copy) and how.
 */
export function McpPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const config = useQuery({ queryKey: queryKeys.adminMcpConfig(), queryFn: assistantAdminApi.mcpConfig });
  const [busy, setBusy] = useState(false);
  const turn = async (enabled: boolean) => {
    setBusy(true);
    try {
      await assistantAdminApi.switchMcp(enabled);
      toast.success(t(enabled ? 'ui.admin.mcp.turned_on' : 'ui.admin.mcp.turned_off'));
      // `siteinfo.mcp_enabled` follows the switch.
      await invalidateKeys(client, queryKeys.adminMcpConfig(), queryKeys.siteInfo());
    } catch {
      // The API client shows why it failed.
    } finally {
      setBusy(false);
    }
  };
  const data = config.data;
  return (
    <Stack spacing={2} data-testid="admin-mcp">
      <Typography variant="h5" component="h1">
        {t('ui.admin.menu.mcp')}
      </Typography>
      {config.isError ? (
        <LoadError error={config.error} onRetry={() => void config.refetch()} testId="mcp-error" />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {t('ui.admin.mcp.intro')}
              </Typography>
              <FormControlLabel
                control={
                  <Switch
                    checked={data.enabled}
                    disabled={busy}
                    onChange={(_, on) => void turn(on)}
                    slotProps={{ input: { 'aria-describedby': 'mcp-state' } }}
                    data-testid="mcp-switch"
                  />
                }
                label={t('ui.admin.mcp.enabled')}
              />
              <Typography id="mcp-state" variant="body2" color={data.enabled ? 'success.main' : 'text.secondary'}>
                {t(data.enabled ? 'ui.admin.mcp.state_on' : 'ui.admin.mcp.state_off')}
              </Typography>
              {data.enabled ? FIELDS.map((name) => <ConfigField key={name} name={name} value={data[name]} />) : null}
            </Stack>
          </Paper>
          {data.enabled ? (
            <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="mcp-how">
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('ui.admin.mcp.how_title')}
              </Typography>
              <Typography component="ol" variant="body2" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.75 } }}>
                <li>
                  {t('ui.admin.mcp.how_key')} <Link to="/admin/api-keys">{t('ui.admin.mcp.api_keys_link')}</Link>
                </li>
                <li>{t('ui.admin.mcp.how_server', { type: data.type })}</li>
                <li>{t('ui.admin.mcp.how_header')}</li>
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('ui.admin.mcp.how_scope')}
              </Typography>
            </Paper>
          ) : null}
        </>
      )}
    </Stack>
  );
}
