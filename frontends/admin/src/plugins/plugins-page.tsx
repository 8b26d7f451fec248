import { PluginStatus, type PluginStatusName } from '@agora/contracts/site/plugins';
import {
  adminApi,
  invalidateKeys,
  Link,
  Loading,
  type PluginListItem,
  queryKeys,
  toast,
  useTranslation,
} from '@agora/kit';
import {
  Button,
  Chip,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

type Filter = '' | PluginStatusName;
const FILTERS: Filter[] = ['', PluginStatus.active, PluginStatus.inactive, PluginStatus.outdated];

const STATUS_COLOUR: Record<string, 'success' | 'default' | 'warning'> = {
  [PluginStatus.active]: 'success',
  [PluginStatus.inactive]: 'default',
  [PluginStatus.outdated]: 'warning',
};

function PluginRow({ plugin }: { plugin: PluginListItem }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await adminApi.setPluginStatus(plugin.slug_name, !plugin.enabled);
      toast.success(t(plugin.enabled ? 'ui.admin.plugins.deactivated' : 'ui.admin.plugins.activated'));
      await invalidateKeys(client, queryKeys.adminSettings('plugins'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <TableRow data-testid={`plugin-${plugin.slug_name}`}>
      <TableCell sx={{ minWidth: 180 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {plugin.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {plugin.description}
        </Typography>
      </TableCell>
      <TableCell>{plugin.version}</TableCell>
      <TableCell>
        <Chip
          size="small"
          color={STATUS_COLOUR[plugin.status] ?? 'default'}
          label={t(`ui.admin.plugins.status_${plugin.status}`)}
        />
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
          <Button size="small" variant="outlined" disabled={busy} onClick={() => void toggle()}>
            {t(plugin.enabled ? 'ui.admin.plugins.deactivate' : 'ui.admin.plugins.activate')}
          </Button>
          {plugin.have_config ? (
            <Button size="small" component={Link} to={plugin.link}>
              {t('ui.admin.plugins.settings')}
            </Button>
          ) : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/** /admin/installed-plugins: the built-in plugins and the external logins, filtered by status, switched on and off. */
export function PluginsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('');
  const plugins = useQuery({
    queryKey: [...queryKeys.adminSettings('plugins'), filter],
    queryFn: () => adminApi.plugins(filter),
  });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('ui.admin.menu.installed_plugins')}
      </Typography>
      <Tabs
        value={filter}
        onChange={(_, value: Filter) => setFilter(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('ui.admin.plugins.filter')}
      >
        {FILTERS.map((value) => (
          <Tab key={value || 'all'} value={value} label={t(`ui.admin.plugins.filter_${value || 'all'}`)} />
        ))}
      </Tabs>
      {!plugins.data ? (
        <Loading />
      ) : plugins.data.length === 0 ? (
        <Typography color="text.secondary" data-testid="plugins-empty">
          {t('ui.admin.plugins.empty')}
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="admin-plugins">
            <TableHead>
              <TableRow>
                <TableCell>{t('ui.admin.plugins.name')}</TableCell>
                <TableCell>{t('ui.admin.plugins.version')}</TableCell>
                <TableCell>{t('ui.admin.plugins.status')}</TableCell>
                <TableCell align="right">{t('ui.admin.plugins.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {plugins.data.map((plugin) => (
                <PluginRow key={plugin.slug_name} plugin={plugin} />
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
