import { invalidateKeys, queryKeys, toast, useTranslation } from '@agora/kit';
import { useQueryClient } from '@tanstack/react-query';

/** Sets a post's status by `send`, says so, and reloads the admin lists of that kind of post. */
export function useStatusChange<S extends string>(
  kind: 'question' | 'answer',
  send: (id: string, status: S) => Promise<unknown>,
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (id: string, next: S) =>
    void send(id, next)
      .then(() => toast.success(t('ui.admin.contents.changed')))
      .catch(() => undefined)
      .finally(() => void invalidateKeys(client, queryKeys.adminContents(kind)));
}
