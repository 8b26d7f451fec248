import { adminApi, invalidateKeys, Link, Loading, queryKeys, tagApi, useTranslation } from '@agora/kit';
import { Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SchemaForm } from '../forms/schema-form';
import { configOf, fieldSpecOf, formValuesOf, type TagLookup } from './plugin-form';

/** A tag named in the sidebar's form; a name no tag has is sent as it is, and the server names the field. */
const lookupTag: TagLookup = async (slug) => {
  const tag = await tagApi.info({ name: slug });
  return tag
    ? {
        tag_id: tag.tag_id,
        slug_name: tag.slug_name,
        display_name: tag.display_name,
        recommend: tag.recommend,
        reserved: tag.reserved,
      }
    : { tag_id: '', slug_name: slug, display_name: slug, recommend: false, reserved: false };
};

/** /admin/{slug_name}: a plugin's settings, drawn from its form by the admin area's one form renderer. */
export function PluginConfigPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = queryKeys.adminSettings(`plugin/config/${slug}`);
  const plugin = useQuery({ queryKey: key, queryFn: () => adminApi.pluginConfig(slug) });
  const fields = useMemo(() => plugin.data?.config_fields.map(fieldSpecOf) ?? [], [plugin.data]);
  const initial = useMemo(() => formValuesOf(plugin.data?.config_fields ?? []), [plugin.data]);
  if (!plugin.data) return <Loading />;
  const configFields = plugin.data.config_fields;
  return (
    <Stack spacing={2} data-testid={`plugin-config-${slug}`}>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h1">
          {plugin.data.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {plugin.data.description} · {t('ui.admin.plugins.version_of', { version: plugin.data.version })}
        </Typography>
        <Link to="/admin/installed-plugins">{t('ui.admin.plugins.back')}</Link>
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <SchemaForm
          fields={fields}
          initial={initial}
          testId="plugin-config-form"
          onSubmit={async (values) => {
            await adminApi.savePluginConfig(slug, await configOf(configFields, values, lookupTag));
            await invalidateKeys(client, key, queryKeys.adminSettings('plugins'));
          }}
        />
      </Paper>
    </Stack>
  );
}
