import { connectorApi, queryKeys, useTranslation } from '@agora/kit';
import { Button, Divider, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ConnectorIcon } from './connector-icon';

/** The login page's external logins: one button each, leaving for the provider. */
export function ConnectorButtons({ withDivider }: { withDivider: boolean }) {
  const { t } = useTranslation();
  const connectors = useQuery({ queryKey: queryKeys.connectors(), queryFn: connectorApi.info, staleTime: 60_000 });
  const list = connectors.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="connector-buttons">
      {list.map((connector) => (
        <Button
          key={connector.link}
          variant="outlined"
          size="large"
          startIcon={<ConnectorIcon name={connector.icon} />}
          href={connector.link}
        >
          {t('ui.connectors.continue_with', { name: connector.name })}
        </Button>
      ))}
      {withDivider ? <Divider>{t('ui.connectors.or')}</Divider> : null}
    </Stack>
  );
}
