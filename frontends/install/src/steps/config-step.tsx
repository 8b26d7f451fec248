import type { CheckDatabaseReq, InitConfigFailed } from '@agora/kit';
import { ApiError, useTranslation } from '@agora/kit';
import DescriptionIcon from '@mui/icons-material/Description';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { installApi } from '../install-api';
import { StepFrame } from '../step-frame';

type State =
  | { kind: 'checking' }
  | { kind: 'to-write' }
  | { kind: 'chosen' }
  | { kind: 'exists' }
  | { kind: 'manual'; content: string; message: string };

/** Step 3: the config file: to be written (init), already there, or its content to create by hand. */
export function ConfigStep({
  database,
  onBack,
  onNext,
}: {
  database: CheckDatabaseReq;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const check = useCallback(async () => {
    const found = await installApi.checkConfigFile();
    setState(found.config_file_exist ? { kind: 'exists' } : { kind: 'to-write' });
  }, []);
  useEffect(() => {
    check().catch((e: Error) => setError(e.message));
  }, [check]);

  const write = async () => {
    setError('');
    setBusy(true);
    try {
      await installApi.init(database);
      setState({ kind: 'chosen' });
    } catch (failure) {
      const data = failure instanceof ApiError ? (failure.data as InitConfigFailed | null) : null;
      if (data?.create_config_failed) {
        setState({ kind: 'manual', content: data.default_config, message: (failure as Error).message });
      } else {
        setError((failure as Error).message);
      }
    } finally {
      setBusy(false);
    }
  };

  const ready = state.kind === 'chosen' || state.kind === 'exists';
  return (
    <StepFrame
      icon={<DescriptionIcon color="primary" />}
      title={t('ui.install.steps.config')}
      testId="install-config"
      error={error}
      onBack={onBack}
      next={
        ready
          ? { label: t('ui.install.next'), onClick: onNext }
          : {
              label: t('ui.install.config_create'),
              onClick: () => void write(),
              disabled: busy || state.kind !== 'to-write',
            }
      }
    >
      {state.kind === 'to-write' ? <Typography variant="body2">{t('ui.install.config_intro')}</Typography> : null}
      {state.kind === 'chosen' ? <Alert severity="success">{t('ui.install.config_written')}</Alert> : null}
      {state.kind === 'exists' ? <Alert severity="info">{t('ui.install.config_exists')}</Alert> : null}
      {state.kind === 'manual' ? (
        <Box data-testid="install-config-manual">
          <Alert severity="warning" sx={{ mb: 1, wordBreak: 'break-word' }}>
            {state.message}
          </Alert>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('ui.install.config_manual')}
          </Typography>
          <Box
            component="pre"
            sx={{ p: 1.5, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', fontSize: 13, userSelect: 'all' }}
          >
            {state.content}
          </Box>
          <Button variant="outlined" onClick={() => void check().catch((e: Error) => setError(e.message))}>
            {t('ui.install.config_copied')}
          </Button>
        </Box>
      ) : null}
    </StepFrame>
  );
}
