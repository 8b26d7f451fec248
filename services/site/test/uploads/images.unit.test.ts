import { defaultSiteSettings, Limits } from '@agora/contracts';
import { ApiError } from '@agora/platform';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectFormat, type ImageRules, imageRules, processImage } from '../../src/uploads/images';
import {
  CAMERA,
  dominantAt,
  EXIF_GPS_POINTER,
  EXIF_MAKE,
  exifTags,
  HTML,
  jpegWithGps,
  png,
  SVG,
  TEXT,
  webp,
} from './fixtures';

const advanced = defaultSiteSettings('http://agora.test').advanced;
const rules: ImageRules = imageRules(advanced);

/** The field problem a refusal carries. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { status, fields } = error as ApiError;
  expect(status).toBe(400);
  return fields[0];
}

describe('image rules', () => {
  it('by default take the product limit, the site megapixels and every stored format', () => {
    expect(rules).toEqual({ maxBytes: Limits.upload.imageMaxBytes, maxMegapixel: 40, formats: ['jpg', 'png', 'webp'] });
  });

  it('let the site lower the size limit but never raise it, and narrow the formats', () => {
    expect(imageRules({ ...advanced, max_image_size: 1 }).maxBytes).toBe(1024 * 1024);
    expect(imageRules({ ...advanced, max_image_size: 50 }).maxBytes).toBe(Limits.upload.imageMaxBytes);
    expect(imageRules({ ...advanced, max_image_size: 0 }).maxBytes).toBe(Limits.upload.imageMaxBytes);
    expect(imageRules({ ...advanced, authorized_image_extensions: ['JPEG', '.png', 'gif'] }).formats).toEqual([
      'jpg',
      'png',
    ]);
  });
});

describe('type detection by content', () => {
  it('knows JPEG, PNG and WebP by their bytes', async () => {
    expect(await detectFormat(await jpegWithGps(), rules)).toBe('jpg');
    expect(await detectFormat(await png(), rules)).toBe('png');
    expect(await detectFormat(await webp(), rules)).toBe('webp');
  });

  it('refuses HTML, SVG, text and GIF, and formats the site does not authorise', async () => {
    for (const bytes of [
      HTML,
      SVG,
      TEXT,
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer(),
    ]) {
      expect(await refusal(detectFormat(bytes, rules))).toMatchObject({ field: 'file', key: 'error.upload.type' });
    }
    const noPng = imageRules({ ...advanced, authorized_image_extensions: ['jpg'] });
    expect(await refusal(detectFormat(await png(), noPng))).toMatchObject({ key: 'error.upload.type' });
  });
});

describe('processing', () => {
  it('turns a JPEG upright by its EXIF orientation and writes it without any metadata', async () => {
    const original = await jpegWithGps(40, 20);
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(exifTags(before.exif)).toContain(EXIF_GPS_POINTER);
    expect(exifTags(before.exif)).toContain(EXIF_MAKE);

    const image = await processImage(original, rules);
    expect(image).toMatchObject({ format: 'jpg', contentType: 'image/jpeg', width: 20, height: 40 });
    const after = await sharp(image.bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(image.bytes.includes(Buffer.from(CAMERA))).toBe(false);
    // The left half of the stored pixels (red) is on top once upright.
    expect(await dominantAt(image.bytes, 10, 5)).toBe('red');
    expect(await dominantAt(image.bytes, 10, 35)).toBe('blue');
  });

  it('keeps the format of PNG and WebP', async () => {
    expect(await processImage(await png(), rules)).toMatchObject({ format: 'png', contentType: 'image/png' });
    expect(await processImage(await webp(), rules)).toMatchObject({ format: 'webp', contentType: 'image/webp' });
  });

  it('crops avatars to a centred square, never enlarging', async () => {
    const big = await processImage(await png(600, 300), rules, { square: 256 });
    expect([big.width, big.height]).toEqual([256, 256]);
    const small = await processImage(await png(100, 60), rules, { square: 256 });
    expect([small.width, small.height]).toEqual([60, 60]);
  });

  it('refuses images over the size limit, over the site megapixels, empty or broken', async () => {
    const tight = { ...rules, maxBytes: 100 };
    expect(await refusal(processImage(await png(64, 64), tight))).toMatchObject({
      field: 'file',
      key: 'error.upload.size',
    });
    const onePixelLimit = { ...rules, maxMegapixel: 1 };
    expect(await refusal(processImage(await png(1001, 1000), onePixelLimit))).toMatchObject({
      field: 'file',
      key: 'error.upload.megapixel',
      params: { limit: 1 },
    });
    expect(await refusal(processImage(Buffer.alloc(0), rules))).toMatchObject({ key: 'validation.required' });
    const truncated = (await png(64, 64)).subarray(0, 60);
    expect(await refusal(processImage(truncated, rules))).toMatchObject({ key: 'error.upload.unreadable' });
  });

  it('refuses a decompression bomb by its header, before decoding it', async () => {
    // 10000 x 10000 pixels of one colour compress to a few kilobytes.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(Limits.upload.imageMaxBytes);
    expect(await refusal(processImage(bomb, rules))).toMatchObject({ key: 'error.upload.megapixel' });
  });
});
