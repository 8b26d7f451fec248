import { useTranslation } from '@agora/kit';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Slider, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

/** The side of the square picture the crop makes (the server keeps avatars at this size too). */
const CROPPED_SIDE = 256;
const PREVIEW_SIDE = 200;

interface Crop {
  zoom: number;
  /** Where the square sits across the picture's spare width and height, 0 to 1. */
  x: number;
  y: number;
}

/** The square of the picture a crop keeps, in the picture's pixels. */
function cropBox(image: { width: number; height: number }, crop: Crop) {
  const side = Math.min(image.width, image.height) / crop.zoom;
  return { side, left: (image.width - side) * crop.x, top: (image.height - side) * crop.y };
}

async function cropped(image: HTMLImageElement, crop: Crop, name: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = CROPPED_SIDE;
  canvas.height = CROPPED_SIDE;
  const { side, left, top } = cropBox({ width: image.naturalWidth, height: image.naturalHeight }, crop);
  canvas.getContext('2d')?.drawImage(image, left, top, side, side, 0, 0, CROPPED_SIDE, CROPPED_SIDE);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the picture could not be cropped');
  return new File([blob], `${name.replace(/\.[^.]*$/, '')}.png`, { type: 'image/png' });
}

/**
 * Cropping a chosen picture to a square before it is uploaded: zoom and where the square sits. A file the
 * browser cannot draw goes as it is, for the server to judge (and refuse with the field error).
 */
export function AvatarCropDialog({
  file,
  onCancel,
  onDone,
}: {
  file: File | null;
  onCancel: () => void;
  onDone: (file: File) => void;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [url, setUrl] = useState('');
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0.5, y: 0.5 });
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!file) return;
    const objectUrl = URL.createObjectURL(file);
    const picture = new Image();
    picture.onload = () => {
      setUrl(objectUrl);
      setImage(picture);
      setCrop({ zoom: 1, x: 0.5, y: 0.5 });
    };
    picture.onerror = () => done.current(file);
    picture.src = objectUrl;
    return () => {
      URL.revokeObjectURL(objectUrl);
      setImage(null);
      setUrl('');
    };
  }, [file]);
  if (!file || !image) return null;
  const box = cropBox({ width: image.naturalWidth, height: image.naturalHeight }, crop);
  const scale = PREVIEW_SIDE / box.side;
  const slider = (key: keyof Crop, label: string, min: number, max: number, step: number) => (
    <Box>
      <Typography variant="body2" id={`crop-${key}`}>
        {label}
      </Typography>
      <Slider
        aria-labelledby={`crop-${key}`}
        value={crop[key]}
        min={min}
        max={max}
        step={step}
        onChange={(_event, value) => setCrop((c) => ({ ...c, [key]: value as number }))}
      />
    </Box>
  );
  return (
    <Dialog open onClose={onCancel} data-testid="avatar-crop">
      <DialogTitle>{t('ui.settings.profile.crop_title')}</DialogTitle>
      <DialogContent>
        <Box
          role="img"
          aria-label={t('ui.settings.profile.crop_preview')}
          sx={{
            width: PREVIEW_SIDE,
            height: PREVIEW_SIDE,
            mx: 'auto',
            mb: 2,
            borderRadius: '50%',
            backgroundImage: `url("${url}")`,
            backgroundRepeat: 'no-repeat',
            backgroundSize: `${image.naturalWidth * scale}px ${image.naturalHeight * scale}px`,
            backgroundPosition: `${-box.left * scale}px ${-box.top * scale}px`,
            border: 1,
            borderColor: 'divider',
          }}
        />
        {slider('zoom', t('ui.settings.profile.crop_zoom'), 1, 4, 0.05)}
        {slider('x', t('ui.settings.profile.crop_x'), 0, 1, 0.01)}
        {slider('y', t('ui.settings.profile.crop_y'), 0, 1, 0.01)}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('ui.dialog.cancel')}</Button>
        <Button variant="contained" onClick={() => void cropped(image, crop, file.name).then(onDone)}>
          {t('ui.settings.profile.crop_use')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
