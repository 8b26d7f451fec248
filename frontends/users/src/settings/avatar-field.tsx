import { Limits } from '@agora/contracts/limits';
import { ApiError, Avatar, accountApi, useTranslation } from '@agora/kit';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { type ChangeEvent, useRef, useState } from 'react';
import { AvatarCropDialog } from './avatar-crop-dialog';

export type AvatarType = 'system' | 'gravatar' | 'custom';

const IMAGE_TYPES = Limits.upload.imageExtensions.map((ext) => `image/${ext === 'jpg' ? 'jpeg' : ext}`);

/**
 * The avatar choice: the system's picture (initials), the Gravatar of the account's e-mail, or an
 * uploaded picture the server crops square. A file that is not an image or is over 4 MB is refused here, and
 * by the server with the `file` field error.
 */
export function AvatarField({
  type,
  custom,
  gravatarUrl,
  name,
  disabled,
  error,
  onChange,
}: {
  type: AvatarType;
  custom: string;
  gravatarUrl: string;
  name: string;
  disabled: boolean;
  error?: string;
  onChange: (next: { type: AvatarType; custom: string }) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');
  const [chosen, setChosen] = useState<File | null>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError('');
    if (!file.type.startsWith('image/')) return setUploadError(t('ui.editor.only_images'));
    if (file.size > Limits.upload.imageMaxBytes) return setUploadError(t('ui.editor.max_size'));
    setChosen(file);
  };
  const upload = async (file: File) => {
    setChosen(null);
    setUploading(true);
    try {
      onChange({ type: 'custom', custom: await accountApi.uploadAvatar(file) });
    } catch (failure) {
      if (failure instanceof ApiError) setUploadError(failure.fieldErrors[0]?.error_msg ?? failure.message);
      else throw failure;
    } finally {
      setUploading(false);
    }
  };
  const shown = type === 'custom' ? custom : type === 'gravatar' ? gravatarUrl : '';
  const message = uploadError || error;
  return (
    <FormControl disabled={disabled} error={Boolean(message)} data-testid="avatar-field">
      <FormLabel>{t('ui.settings.profile.avatar')}</FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
        <Avatar avatar={shown} name={name} size={Limits.avatar.requestedSize} />
        <RadioGroup row value={type} onChange={(event) => onChange({ type: event.target.value as AvatarType, custom })}>
          <FormControlLabel value="system" control={<Radio />} label={t('ui.settings.profile.avatar_system')} />
          <FormControlLabel value="gravatar" control={<Radio />} label={t('ui.settings.profile.avatar_gravatar')} />
          <FormControlLabel
            value="custom"
            control={<Radio />}
            label={t('ui.settings.profile.avatar_custom')}
            disabled={disabled || !custom}
          />
        </RadioGroup>
      </Box>
      <Box sx={{ mt: 1 }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<CloudUploadOutlined />}
          disabled={disabled || uploading}
          onClick={() => input.current?.click()}
        >
          {uploading ? t('ui.editor.uploading') : t('ui.settings.profile.avatar_upload')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={IMAGE_TYPES.join(',')}
          onChange={choose}
          data-testid="avatar-file"
        />
      </Box>
      <AvatarCropDialog file={chosen} onCancel={() => setChosen(null)} onDone={(file) => void upload(file)} />
      <FormHelperText data-testid={message ? 'avatar-error' : undefined}>
        {message || t('ui.settings.profile.avatar_hint')}
      </FormHelperText>
    </FormControl>
  );
}
