import { Limits } from '@agora/contracts/limits';
import {
  accountApi,
  type CurrentUserInfo,
  invalidateKeys,
  Loading,
  MarkdownPreview,
  profileApi,
  queryKeys,
  refreshProfile,
  rules,
  toast,
  useForm,
  useSiteInfo,
  useTranslation,
} from '@agora/kit';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { AvatarField, type AvatarType } from './avatar-field';
import { useCurrentUser } from './use-current-user';

const avatarTypeOf = (user: CurrentUserInfo, siteDefault: string): AvatarType => {
  const type = user.avatar.type || siteDefault;
  return type === 'custom' || type === 'gravatar' ? type : 'system';
};

function ProfileForm({ user }: { user: CurrentUserInfo }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const site = useSiteInfo().data;
  const may = site?.site_users;
  const form = useForm(
    {
      display_name: user.display_name,
      username: user.username,
      avatar: avatarTypeOf(user, site?.users_settings.default_avatar ?? 'system'),
      avatar_custom: user.avatar.custom,
      bio: user.bio,
      website: user.website,
      location: user.location,
    },
    { display_name: [rules.displayName], username: [rules.loginName] },
  );
  const { values } = form;
  // The Gravatar to show for that choice: the one chosen before, else the picture the profile shows when the
  // site's default is Gravatar.
  const shown = useQuery({ queryKey: queryKeys.profile(user.username), queryFn: () => profileApi.info(user.username) });
  const gravatarUrl =
    user.avatar.gravatar ||
    (avatarTypeOf(user, site?.users_settings.default_avatar ?? '') === 'gravatar' ? (shown.data?.avatar ?? '') : '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (v) => {
      await accountApi.updateProfile({
        display_name: v.display_name,
        username: v.username,
        avatar: { type: v.avatar as AvatarType, custom: v.avatar_custom },
        bio: v.bio,
        website: v.website.trim(),
        location: v.location.trim(),
      });
      toast.success(t('ui.toast.update_success'));
      await refreshProfile(true);
      await invalidateKeys(client, queryKeys.currentUser(), queryKeys.personal());
    });
  };
  const locked = (allowed: boolean | undefined) => allowed === false;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="profile-settings">
      <Stack spacing={2}>
        {form.formError ? <Alert severity="error">{form.formError}</Alert> : null}
        <TextField
          label={t('ui.form.fields.name')}
          disabled={locked(may?.allow_update_display_name)}
          slotProps={{ htmlInput: { maxLength: Limits.user.displayNameMaxLength } }}
          {...form.bind('display_name')}
        />
        <TextField
          label={t('ui.form.fields.username')}
          disabled={locked(may?.allow_update_username)}
          slotProps={{ htmlInput: { maxLength: Limits.user.usernameMaxLength } }}
          {...form.bind('username')}
        />
        <AvatarField
          type={values.avatar as AvatarType}
          custom={values.avatar_custom}
          gravatarUrl={gravatarUrl}
          name={values.display_name}
          disabled={locked(may?.allow_update_avatar)}
          error={form.errors.avatar}
          onChange={(next) => form.setValues((v) => ({ ...v, avatar: next.type, avatar_custom: next.custom }))}
        />
        <Box>
          <TextField
            label={t('ui.settings.profile.bio')}
            multiline
            minRows={4}
            fullWidth
            disabled={locked(may?.allow_update_bio)}
            {...form.bind('bio')}
          />
          {values.bio.trim() ? <MarkdownPreview text={values.bio} /> : null}
        </Box>
        <TextField
          label={t('ui.settings.profile.website')}
          placeholder="https://example.com"
          disabled={locked(may?.allow_update_website)}
          {...form.bind('website')}
        />
        <TextField
          label={t('ui.settings.profile.location')}
          disabled={locked(may?.allow_update_location)}
          {...form.bind('location')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={form.busy}>
            {t('ui.settings.save')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/**
 * The profile settings: display name, username, avatar, bio with its preview, website and location; a field
 * the site's `users` settings lock is shown disabled (and the server refuses a change to it).
 */
export function ProfileSettings() {
  const user = useCurrentUser();
  if (user.isPending) return <Loading />;
  if (!user.data) return null;
  return <ProfileForm key={user.data.id} user={user.data} />;
}
