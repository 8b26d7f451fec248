import { Limits } from '@agora/contracts/limits';
import { Alert, Snackbar, Stack } from '@mui/material';
import { useEffect } from 'react';
import { useStore } from '../store';
import { type Toast, toast, toastStore } from './toast-store';

const SEVERITY = { success: 'success', danger: 'error', warning: 'warning', info: 'info' } as const;

function ToastItem({ item }: { item: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => toast.dismiss(item.id), Limits.timing.toastMs);
    return () => clearTimeout(timer);
  }, [item.id]);
  return (
    <Alert severity={SEVERITY[item.severity]} variant="filled" onClose={() => toast.dismiss(item.id)} role="alert">
      {item.message}
    </Alert>
  );
}

/** The toast host (mounted once, by the shell): toasts hide after 5 s. */
export function Toaster() {
  const toasts = useStore(toastStore);
  return (
    <Snackbar open={toasts.length > 0} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Stack spacing={1} data-testid="toasts">
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </Stack>
    </Snackbar>
  );
}
