import { adminApi, invalidateKeys, Loading, queryKeys, useTranslation } from '@agora/kit';
import { Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FormValues } from '../forms/schema';
import { SchemaForm } from '../forms/schema-form';
import type { SettingsSection } from './sections';

function SectionForm({ section }: { section: SettingsSection }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.adminSettings(section.path),
    queryFn: () => adminApi.settings<Record<string, unknown>>(section.path),
  });
  const data = query.data;
  const initial = useMemo<FormValues | undefined>(
    () => (data ? (section.toForm?.(data) ?? (data as FormValues)) : undefined),
    [data, section],
  );
  if (!data || !initial) return <Loading />;
  return (
    <SchemaForm
      fields={section.fields}
      initial={initial}
      testId={`settings-${section.id}`}
      onSubmit={async (values) => {
        await adminApi.saveSettings(section.path, section.toWire?.(values, data) ?? values);
        // What every page reads of the settings (`siteinfo`) changes with it.
        await invalidateKeys(client, queryKeys.adminSettings(section.path), queryKeys.siteInfo());
      }}
      submitLabel={t('ui.admin.form.save')}
    />
  );
}

/** An admin settings page: one form per settings section, each saved on its own. */
export function SettingsPage({ title, sections }: { title: string; sections: SettingsSection[] }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t(title)}
      </Typography>
      {sections.map((section) => (
        <Paper key={section.id} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          {sections.length > 1 ? (
            <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {t(section.title)}
            </Typography>
          ) : null}
          <SectionForm section={section} />
        </Paper>
      ))}
    </Stack>
  );
}
