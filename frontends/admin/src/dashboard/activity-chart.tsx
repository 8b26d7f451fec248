import type { DashboardDay } from '@agora/kit';
import { useTranslation } from '@agora/kit';
import { useTheme } from '@mui/material';
import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend);

/** Questions, answers and new members per day over the dashboard's 30 days (Chart.js). */
export function ActivityChart({ days }: { days: DashboardDay[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const series = [
    { key: 'questions', color: theme.palette.primary.main },
    { key: 'answers', color: theme.palette.success.main },
    { key: 'members', color: theme.palette.warning.main },
  ] as const;
  return (
    <Line
      aria-label={t('ui.admin.dashboard.activity')}
      role="img"
      data-testid="activity-chart"
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: 'bottom' } },
      }}
      data={{
        labels: days.map((day) => day.date.slice(5)),
        datasets: series.map(({ key, color }) => ({
          label: t(`ui.admin.dashboard.${key}`),
          data: days.map((day) => day[key]),
          borderColor: color,
          backgroundColor: color,
          tension: 0.25,
          pointRadius: 2,
        })),
      }}
    />
  );
}
