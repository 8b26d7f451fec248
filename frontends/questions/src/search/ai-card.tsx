import { AskedAnswer, useTranslation } from '@agora/kit';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Card, CardContent, Divider, Stack, Typography } from '@mui/material';

/**
 * The search page's AI card (a member's, while the site has the assistant on): the search words asked in a new
 * conversation, the reply streamed in above the results, and the way on to that conversation. Given its words as
 * `key`, so other words ask again and a new sort or page does not.
 */
export function SearchAiCard({ q }: { q: string }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" component="section" aria-labelledby="search-ai-card-title" data-testid="search-ai-card">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <AutoAwesomeIcon color="primary" fontSize="small" aria-hidden />
        <Typography id="search-ai-card-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('ui.assistant.title')}
        </Typography>
      </Stack>
      <Divider />
      <CardContent>
        <AskedAnswer question={q} />
      </CardContent>
    </Card>
  );
}
