import sharp from 'sharp';

/** EXIF tags of IFD0 (TIFF numbers): Make, and the pointer to the GPS IFD. */
export const EXIF_MAKE = 0x010f;
export const EXIF_GPS_POINTER = 0x8825;
export const CAMERA = 'AgoraTestCam';

/**
 * A JPEG as a phone writes it: landscape pixels with EXIF orientation 6 (shown rotated to portrait),
 * a camera make and GPS coordinates. Its left half is red, its right half blue.
 */
export async function jpegWithGps(width = 40, height = 20): Promise<Buffer> {
  const red = await sharp({ create: { width: width / 2, height, channels: 3, background: '#d00000' } })
    .raw()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000d0' } })
    .composite([{ input: red, raw: { width: width / 2, height, channels: 3 }, left: 0, top: 0 }])
    .withExif({
      IFD0: { Make: CAMERA },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
}

export function png(width = 16, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 120, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();
}

export function webp(width = 16, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#00a000' } })
    .webp()
    .toBuffer();
}

export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
);
export const TEXT = Buffer.from('just some text, not an image at all');

/** The tag numbers of IFD0 in an EXIF block as sharp reports it (`Exif\0\0` then a TIFF header). */
export function exifTags(exif: Buffer | undefined): Set<number> {
  const tags = new Set<number>();
  if (!exif) return tags;
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const count = u16(ifd0);
  for (let i = 0; i < count; i++) tags.add(u16(ifd0 + 2 + i * 12));
  return tags;
}

/** The colour of a pixel, roughly: which channel dominates. */
export async function dominantAt(image: Buffer, x: number, y: number): Promise<'red' | 'green' | 'blue'> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
  return r >= g && r >= b ? 'red' : g >= b ? 'green' : 'blue';
}
