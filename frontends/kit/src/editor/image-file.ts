import { Limits } from '@agora/contracts/limits';

/** The image dialog's file rules: a type containing `image`, at most 4 MB. A message key, or null. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.includes('image')) return 'ui.editor.only_images';
  if (file.size > Limits.upload.imageMaxBytes) return 'ui.editor.max_size';
  return null;
}

/** What the upload input accepts. */
export const IMAGE_ACCEPT = Limits.upload.imageExtensions.map((e) => `.${e}`).join(',');
