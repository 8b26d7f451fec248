import { Limits, type SiteSettings } from '@agora/contracts';
import { errors } from '@agora/platform';
import { STORED_TYPES, type StoredExtension } from './storage';

/** The image libraries load with the first upload: a process that never takes one never holds them (libvips). */
const imageLibraries = () => Promise.all([import('sharp'), import('file-type')]);

/** The message keys of upload refusals (list them in contracts' messages). */
export const UploadMessages = {
  type: 'error.upload.type',
  size: 'error.upload.size',
  megapixel: 'error.upload.megapixel',
  unreadable: 'error.upload.unreadable',
} as const;

/** What an upload must meet, from the product limits and the site's advanced settings. */
export interface ImageRules {
  maxBytes: number;
  /** 0: no limit beyond sharp's own guard. */
  maxMegapixel: number;
  /** Stored formats the site accepts. */
  formats: readonly StoredExtension[];
}

/** Detected type (magic bytes, never the name) -> the format it is stored as. */
const FORMAT_OF_MIME: Record<string, StoredExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/apng': 'png', // an animated PNG is a PNG; its first frame is kept
  'image/webp': 'webp',
};

/** The site's names for a format in `authorized_image_extensions`. */
const NAMES_OF_FORMAT: Record<StoredExtension, string[]> = { jpg: ['jpg', 'jpeg'], png: ['png'], webp: ['webp'] };

export function imageRules(advanced: SiteSettings['advanced']): ImageRules {
  const siteBytes = advanced.max_image_size > 0 ? advanced.max_image_size * 1024 * 1024 : Infinity;
  const authorized = advanced.authorized_image_extensions.map((e) => e.trim().toLowerCase().replace(/^\./, ''));
  const all = Object.keys(STORED_TYPES) as StoredExtension[];
  return {
    // The product's limit is the ceiling: the site may lower it, never raise it.
    maxBytes: Math.min(Limits.upload.imageMaxBytes, siteBytes),
    maxMegapixel: advanced.max_image_megapixel,
    formats: authorized.length ? all.filter((f) => NAMES_OF_FORMAT[f].some((n) => authorized.includes(n))) : all,
  };
}

export interface ProcessedImage {
  bytes: Buffer;
  format: StoredExtension;
  contentType: string;
  width: number;
  height: number;
}

export interface ProcessOptions {
  /** Crop to a centred square of at most this many pixels a side (avatars). */
  square?: number;
}

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
const refuse = (key: string, params?: Record<string, string | number>) =>
  errors.fields({ field: 'file', key, ...(params ? { params } : {}) });

/** The format of an upload by its content; throws a field error on `file` for anything not allowed. */
export async function detectFormat(bytes: Uint8Array, rules: ImageRules): Promise<StoredExtension> {
  const [, { fileTypeFromBuffer }] = await imageLibraries();
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected ? FORMAT_OF_MIME[detected.mime] : undefined;
  if (!format || !rules.formats.includes(format)) {
    throw refuse(UploadMessages.type, { types: rules.formats.map((f) => NAMES_OF_FORMAT[f].join(', ')).join(', ') });
  }
  return format;
}

/**
 * Checks an uploaded image and re-encodes it in its own format: turned upright by its EXIF
 * orientation, then written without any metadata (EXIF, GPS, XMP, IPTC, ICC comments), so nothing
 * the camera recorded leaves with it. Refusals are 400 field errors on `file`.
 */
export async function processImage(
  bytes: Buffer,
  rules: ImageRules,
  options: ProcessOptions = {},
): Promise<ProcessedImage> {
  if (bytes.length === 0) throw errors.fields({ field: 'file', key: 'validation.required' });
  if (bytes.length > rules.maxBytes) throw refuse(UploadMessages.size, { limit: megabytes(rules.maxBytes) });
  const format = await detectFormat(bytes, rules);
  const [{ default: sharp }] = await imageLibraries();

  const maxPixels = rules.maxMegapixel > 0 ? rules.maxMegapixel * 1_000_000 : true;
  const input = { autoOrient: true, failOn: 'error', limitInputPixels: maxPixels } as const;
  let width: number;
  let height: number;
  let decoded: string | undefined;
  try {
    // Reads the header only: a decompression bomb is refused before any pixel is decoded.
    const metadata = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
    width = metadata.autoOrient?.width ?? metadata.width;
    height = metadata.autoOrient?.height ?? metadata.height;
    decoded = metadata.format;
  } catch {
    throw refuse(UploadMessages.unreadable);
  }
  if (!width || !height || (decoded === 'jpeg' ? 'jpg' : decoded) !== format) throw refuse(UploadMessages.unreadable);
  if (rules.maxMegapixel > 0 && width * height > rules.maxMegapixel * 1_000_000) {
    throw refuse(UploadMessages.megapixel, { limit: rules.maxMegapixel });
  }

  let pipeline = sharp(bytes, input);
  if (options.square) {
    const side = Math.min(options.square, width, height);
    pipeline = pipeline.resize(side, side, { fit: 'cover', position: 'centre' });
  }
  // No withMetadata/keepMetadata: sharp writes no EXIF, XMP, IPTC or ICC profile unless asked to.
  if (format === 'jpg') pipeline = pipeline.jpeg({ quality: 90, mozjpeg: true });
  else if (format === 'png') pipeline = pipeline.png({ compressionLevel: 6 });
  else pipeline = pipeline.webp({ quality: 90, effort: 4 });

  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: data, format, contentType: STORED_TYPES[format], width: info.width, height: info.height };
  } catch {
    throw refuse(UploadMessages.unreadable);
  }
}
