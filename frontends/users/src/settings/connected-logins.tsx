import { connectorApi, invalidateKeys, queryKeys, toast, useTranslation } from '@agora/kit';
import { Box, Button, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConnectorIcon } from '../components/connector-icon';

/** The connector's name is the last segment of its link (`connector/link/{name}`). */
const nameOf = (link: string) => decodeURIComponent(link.split('/').pop() ?? '');

/** The account settings' external logins: each connected one can be unlinked, the others linked. */
export function ConnectedLogins() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const mine = useQuery({ queryKey: queryKeys.myConnectors(), queryFn: connectorApi.mine });
  const [busy, setBusy] = useState(false);
  const list = mine.data ?? [];
  if (list.length === 0) return null;

  const link = async (connectorLink: string) => {
    setBusy(true);
    try {
      const { url } = await connectorApi.link(nameOf(connectorLink));
      window.location.assign(url);
    } finally {
      setBusy(false);
    }
  };
  const unlink = async (externalId: string) => {
    setBusy(true);
    try {
      await connectorApi.unlink(externalId);
      toast.success(t('ui.connectors.unlinked'));
      await invalidateKeys(client, queryKeys.myConnectors());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" data-testid="connected-logins">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('ui.connectors.title')}
      </Typography>
      <List disablePadding>
        {list.map((connector) => (
          <ListItem
            key={connector.link}
            disableGutters
            secondaryAction={
              connector.binding ? (
                <Button disabled={busy} onClick={() => void unlink(connector.external_id)}>
                  {t('ui.connectors.unlink')}
                </Button>
              ) : (
                <Button variant="outlined" disabled={busy} onClick={() => void link(connector.link)}>
                  {t('ui.connectors.link')}
                </Button>
              )
            }
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <ConnectorIcon name={connector.icon} />
            </ListItemIcon>
            <ListItemText
              primary={connector.name}
              secondary={connector.binding ? t('ui.connectors.connected') : t('ui.connectors.not_connected')}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
