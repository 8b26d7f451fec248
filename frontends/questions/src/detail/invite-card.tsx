import {
  Avatar,
  captchaOn,
  ensureCanAct,
  postApi,
  queryKeys,
  questionApi,
  toast,
  type UserBasicInfo,
  UserLink,
  useTranslation,
  withCaptcha,
} from '@agora/kit';
import {
  Box,
  Button,
  Card,
  CardContent,
  InputBase,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/** Invite to answer: the invited users, and for those allowed a picker of usernames to invite. */
export function InviteCard({ questionId, canInvite }: { questionId: string; canInvite: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = queryKeys.invited(questionId);
  const invited = useQuery({ queryKey: key, queryFn: () => questionApi.invited(questionId) });
  const [editing, setEditing] = useState<UserBasicInfo[] | null>(null);
  const [text, setText] = useState('');
  const candidates = useQuery({
    queryKey: queryKeys.userSearch(text.trim()),
    queryFn: () => postApi.mentionCandidates(text.trim()),
    enabled: editing !== null && text.trim() !== '',
  });
  const list = invited.data ?? [];
  if (!canInvite && list.length === 0) return null;
  const save = async () => {
    if (!editing) return;
    await withCaptcha('invitation_answer', captchaOn(), (fields) =>
      questionApi.invite(
        questionId,
        editing.map((u) => u.username),
        fields,
      ),
    );
    toast.success(t('ui.toast.sent_success'));
    setEditing(null);
    await client.invalidateQueries({ queryKey: key });
  };
  return (
    <Card variant="outlined" data-testid="invite-card">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('ui.detail.invite')}
          </Typography>
          {canInvite && !editing ? (
            <Button size="small" onClick={() => ensureCanAct() && setEditing(list)}>
              {t('ui.actions.edit')}
            </Button>
          ) : null}
          {editing ? (
            <Button size="small" variant="contained" onClick={() => void save().catch(() => undefined)}>
              {t('ui.tags.save')}
            </Button>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {(editing ?? list).map((user) => (
            <Box key={user.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontSize: 13 }}>
              <Avatar avatar={user.avatar} name={user.display_name} size={20} />
              <UserLink username={user.username}>{user.display_name}</UserLink>
              {editing ? (
                <Button
                  size="small"
                  sx={{ minWidth: 0 }}
                  onClick={() => setEditing(editing.filter((u) => u.id !== user.id))}
                >
                  ×
                </Button>
              ) : null}
            </Box>
          ))}
        </Box>
        {editing ? (
          <>
            <InputBase
              fullWidth
              name="invite_user"
              placeholder={t('ui.detail.invite_placeholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1, mt: 1 }}
            />
            <List dense disablePadding>
              {(candidates.data ?? [])
                .filter((u) => !editing.some((e) => e.id === u.id))
                .map((user) => (
                  <ListItemButton
                    key={user.id}
                    onClick={() => {
                      setEditing([...editing, user]);
                      setText('');
                    }}
                  >
                    <ListItemText primary={user.display_name} secondary={`@${user.username}`} />
                  </ListItemButton>
                ))}
            </List>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
