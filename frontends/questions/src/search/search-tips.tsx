import { useTranslation } from '@agora/kit';
import { Card, CardContent, Typography } from '@mui/material';

const SYNTAX = ['[tag]', 'user:username', 'answers:0', 'score:3', 'is:question', 'is:answer', 'semantic: words'];

/** The search tips: the syntax the search understands. */
export function SearchTips() {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" data-testid="search-tips">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('ui.search.tips')}
        </Typography>
        {SYNTAX.map((syntax) => (
          <Typography key={syntax} variant="body2" sx={{ mb: 0.5 }}>
            <code>{syntax}</code> {t(`ui.search.tip.${syntax.replace(/[^a-z]/g, '_')}`)}
          </Typography>
        ))}
      </CardContent>
    </Card>
  );
}
