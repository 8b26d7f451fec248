import { SortBar, useTranslation } from '@agora/kit';
import { Box } from '@mui/material';

/** The Answers and Questions tabs' sort: newest or score (the reference's two). */
export function OrderBar({ value, heading }: { value: string; heading: string }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}
    >
      <Box component="h2" sx={{ m: 0, fontSize: 18, fontWeight: 500 }}>
        {heading}
      </Box>
      <SortBar
        value={value}
        options={[
          { value: 'newest', label: t('ui.profile.sort.newest') },
          { value: 'score', label: t('ui.profile.sort.score') },
        ]}
      />
    </Box>
  );
}
