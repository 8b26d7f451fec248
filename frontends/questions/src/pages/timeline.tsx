import {
  type ActObjectTimeline,
  Link,
  Loading,
  PostHtml,
  queryKeys,
  questionPath,
  RelativeTime,
  revisionApi,
  tagPath,
  UserLink,
  usePermalink,
  useTranslation,
} from '@agora/kit';
import {
  Box,
  Button,
  FormControlLabel,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { RevisionDiff } from '../timeline/revision-diff';

/** The revision before `item` in the timeline (oldest last in the list), or '0' for the first one. */
function previousRevision(items: ActObjectTimeline[], index: number): string {
  for (let i = index + 1; i < items.length; i++) {
    const id = items[i]?.revision_id;
    if (id && id !== '0') return id;
  }
  return '0';
}

/**
 * Timelines of a question, answer or tag (logged-in users): what happened, when, by whom, with
 * the revision diff of each edit.
 */
export function TimelinePage({ params }: { params: { objectId: string } }) {
  const { t } = useTranslation();
  const permalink = usePermalink();
  const { objectId } = params;
  const [showVotes, setShowVotes] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const timeline = useQuery({
    queryKey: queryKeys.timeline(objectId, showVotes),
    queryFn: () => revisionApi.timeline(objectId, showVotes),
  });
  if (timeline.isPending) return <Loading />;
  if (!timeline.data) return null;
  const { object_info: info, timeline: items } = timeline.data;
  const back =
    info.object_type === 'tag'
      ? tagPath(info.main_tag_slug_name || info.title)
      : questionPath(permalink, info.question_id, '', info.object_type === 'answer' ? info.answer_id : undefined);
  return (
    <Box data-testid="timeline-page">
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {t('ui.timeline.heading')}: <Link to={back}>{info.title || info.display_name}</Link>
      </Typography>
      <FormControlLabel
        control={<Switch checked={showVotes} onChange={(e) => setShowVotes(e.target.checked)} />}
        label={t('ui.timeline.show_votes')}
      />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('ui.timeline.datetime')}</TableCell>
            <TableCell>{t('ui.timeline.type')}</TableCell>
            <TableCell>{t('ui.timeline.by')}</TableCell>
            <TableCell>{t('ui.timeline.comment')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item, index) => {
            const hasRevision = item.revision_id && item.revision_id !== '0';
            return (
              <Fragment key={item.activity_id}>
                <TableRow data-testid="timeline-item" sx={item.cancelled ? { opacity: 0.5 } : undefined}>
                  <TableCell>
                    {hasRevision ? (
                      <Button
                        size="small"
                        sx={{ p: 0, minWidth: 0 }}
                        onClick={() => setOpen(open === item.activity_id ? null : item.activity_id)}
                      >
                        <RelativeTime time={item.created_at} />
                      </Button>
                    ) : (
                      <RelativeTime time={item.created_at} />
                    )}
                  </TableCell>
                  <TableCell>
                    {t(`ui.timeline.types.${item.activity_type}`, { defaultValue: item.activity_type })}
                  </TableCell>
                  <TableCell>
                    {item.user_info?.username ? (
                      <UserLink username={item.user_info.username}>{item.user_info.display_name}</UserLink>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <PostHtml html={item.comment} />
                  </TableCell>
                </TableRow>
                {open === item.activity_id && hasRevision ? (
                  <TableRow>
                    <TableCell colSpan={4}>
                      <RevisionDiff oldId={previousRevision(items, index)} newId={item.revision_id} />
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
