import { Loading, PostHtml, queryKeys, siteApi, useTranslation } from '@agora/kit';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/** An admin who keeps the text elsewhere writes only its address: the page sends the visitor there. */
const externalAddress = (text: string) => (/^https?:\/\/\S+$/i.test(text.trim()) ? text.trim() : '');

/** /tos and /privacy: the terms of service or the privacy policy as the admin wrote them. */
export function LegalPage({ kind }: { kind: 'tos' | 'privacy' }) {
  const { t } = useTranslation();
  const legal = useQuery({ queryKey: queryKeys.legal(kind), queryFn: () => siteApi.legal(kind) });
  const original =
    kind === 'tos' ? legal.data?.terms_of_service_original_text : legal.data?.privacy_policy_original_text;
  const html = kind === 'tos' ? legal.data?.terms_of_service_parsed_text : legal.data?.privacy_policy_parsed_text;
  const address = externalAddress(original ?? '');
  useEffect(() => {
    if (address) window.location.replace(address);
  }, [address]);
  if (legal.isPending || address) return <Loading />;
  return (
    <Box data-testid={`legal-${kind}`} sx={{ maxWidth: 800 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t(`ui.legal.${kind}`)}
      </Typography>
      {html ? <PostHtml html={html} /> : <Typography color="text.secondary">{t('ui.legal.none')}</Typography>}
    </Box>
  );
}

export function TermsPage() {
  return <LegalPage kind="tos" />;
}

export function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}
