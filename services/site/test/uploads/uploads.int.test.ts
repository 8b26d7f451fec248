import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultSiteSettings, Limits, translate } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMERA, dominantAt, EXIF_GPS_POINTER, exifTags, HTML, jpegWithGps, png, SVG, TEXT, webp } from './fixtures';

const API = '/answer/api/v1';
let stack: Stack;
let member: string;
let admin: string;
let inactive: string;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService] });
  member = await login(stack, await createUser(stack));
  admin = await login(stack, await createUser(stack, { roleId: 2 }));
  inactive = await login(stack, await createUser(stack, { activated: false }));
});

afterAll(async () => {
  await stack?.close();
});

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data POST through the gateway, as a browser sends it. */
async function upload(parts: Part[], token?: string) {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string') form.append(part.name, part.value);
    else
      form.append(part.name, new Blob([part.value], { type: part.type ?? 'application/octet-stream' }), part.filename);
  }
  const encoded = new Response(form);
  const response = await stack.gateway.inject({
    method: 'POST',
    url: `${API}/file`,
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      ...(token ? { authorization: token } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json() };
}

const fileOf = (bytes: Buffer, filename: string, type = 'image/jpeg', source = 'post'): Part[] => [
  { name: 'source', value: source },
  { name: 'file', value: bytes, filename, type },
];

async function fetchUrl(url: string, headers: Record<string, string> = {}) {
  const { pathname } = new URL(url);
  return stack.gateway.inject({ method: 'GET', url: pathname, headers });
}

const message = (key: string, params: Record<string, string | number> = {}) =>
  translate('en_US', key, { field: 'File', ...params });

describe('image uploads through the gateway', () => {
  it('stores a phone photo upright and without EXIF or GPS, and serves it for a year', async () => {
    const photo = await jpegWithGps(40, 20);
    expect(exifTags((await sharp(photo).metadata()).exif)).toContain(EXIF_GPS_POINTER);

    const { status, body } = await upload(fileOf(photo, 'IMG_0001.jpg'), member);
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data).toMatch(/^http:\/\/agora\.test\/answer\/api\/v1\/file\/uploads\/[0-9a-f]{64}\.jpg$/);

    const served = await fetchUrl(body.data);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const key = path.basename(new URL(body.data).pathname);
    expect(served.headers.etag).toBe(`"${key.slice(0, 64)}"`);

    const bytes = served.rawPayload;
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from(CAMERA))).toBe(false);
    expect(await dominantAt(bytes, 10, 5)).toBe('red');

    // Content-addressed, sharded under the data directory.
    expect(existsSync(path.join(stack.dataDir, 'uploads', key.slice(0, 2), key.slice(2, 4), key))).toBe(true);

    const again = await fetchUrl(body.data, { 'if-none-match': served.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // The same photo twice is the same file.
    expect((await upload(fileOf(photo, 'copy.jpeg'), member)).body.data).toBe(body.data);
  });

  it('goes by the content, never the name: a PNG named .jpg is stored as PNG', async () => {
    const { status, body } = await upload(fileOf(await png(), 'holiday.jpg', 'image/jpeg'), member);
    expect(status).toBe(200);
    expect(body.data).toMatch(/\.png$/);
    const served = await fetchUrl(body.data);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');

    const wp = await upload(fileOf(await webp(), 'x.gif', 'image/gif'), member);
    expect(wp.body.data).toMatch(/\.webp$/);
  });

  it('refuses HTML, SVG and text named .png with a field error on file', async () => {
    for (const [bytes, type] of [
      [HTML, 'image/png'],
      [SVG, 'image/svg+xml'],
      [TEXT, 'image/png'],
    ] as const) {
      const { status, body } = await upload(fileOf(bytes, 'innocent.png', type), member);
      expect(status).toBe(400);
      expect(body.data).toEqual([
        { error_field: 'file', error_msg: message('error.upload.type', { types: 'jpg, jpeg, png, webp' }) },
      ]);
    }
  });

  it('refuses files over 4 MB with a field error on file', async () => {
    const large = Buffer.concat([await png(), Buffer.alloc(Limits.upload.imageMaxBytes)]);
    const { status, body } = await upload(fileOf(large, 'big.png', 'image/png'), member);
    expect(status).toBe(400);
    expect(body.data).toEqual([{ error_field: 'file', error_msg: message('error.upload.size', { limit: 4 }) }]);
  });

  it('requires the file and a known source', async () => {
    const none = await upload([{ name: 'source', value: 'post' }], member);
    expect(none.status).toBe(400);
    expect(none.body.data).toEqual([{ error_field: 'file', error_msg: 'File cannot be empty.' }]);

    const noSource = await upload([{ name: 'file', value: await png(), filename: 'a.png', type: 'image/png' }], member);
    expect(noSource.status).toBe(400);
    expect(noSource.body.data).toEqual([{ error_field: 'source', error_msg: 'Source cannot be empty.' }]);

    const badSource = await upload(fileOf(await png(), 'a.png', 'image/png', 'anything'), member);
    expect(badSource.status).toBe(400);
    expect(badSource.body.data).toEqual([{ error_field: 'source', error_msg: 'Source is invalid.' }]);

    // Not a form at all: both fields are missing.
    const json = await stack.call('POST', `${API}/file`, { token: member, body: { source: 'post' } });
    expect(json.status).toBe(400);
    expect(json.body.data).toEqual([
      { error_field: 'source', error_msg: 'Source cannot be empty.' },
      { error_field: 'file', error_msg: 'File cannot be empty.' },
    ]);

    const two = await upload(
      [
        { name: 'source', value: 'post' },
        { name: 'file', value: await png(), filename: 'a.png', type: 'image/png' },
        { name: 'file', value: await png(8, 8), filename: 'b.png', type: 'image/png' },
      ],
      member,
    );
    expect(two.status).toBe(400);
    expect(two.body.data[0].error_field).toBe('file');
  });

  it('crops avatars to a square', async () => {
    const { status, body } = await upload(fileOf(await png(600, 400), 'me.png', 'image/png', 'avatar'), member);
    expect(status).toBe(200);
    const metadata = await sharp((await fetchUrl(body.data)).rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([256, 256]);
  });

  it('lets only activated users upload, and only admins upload branding', async () => {
    const anonymous = await upload(fileOf(await png(), 'a.png', 'image/png'));
    expect(anonymous.status).toBe(401);

    const notActivated = await upload(fileOf(await png(), 'a.png', 'image/png'), inactive);
    expect(notActivated.status).toBe(403);
    expect(notActivated.body.data).toEqual({ type: 'inactive' });

    const branding = await upload(fileOf(await png(), 'logo.png', 'image/png', 'branding'), member);
    expect(branding.status).toBe(403);

    const byAdmin = await upload(fileOf(await png(300, 56), 'logo.png', 'image/png', 'branding'), admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data).toMatch(/\.png$/);
  });

  it('answers 404 in the envelope for unknown keys and anything that is not a key', async () => {
    for (const url of [
      `${API}/file/uploads/${'0'.repeat(64)}.png`,
      `${API}/file/uploads/${'0'.repeat(64)}.svg`,
      `${API}/file/uploads/../../../etc/passwd`,
      `${API}/file/uploads/..`,
      `${API}/file/uploads/`,
    ]) {
      const response = await stack.gateway.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 404, reason: 'base.not_found' });
    }
    // Encoded separators and dot segments never reach a route (docs/adr/0088-canonical-paths.md).
    for (const url of [
      `${API}/file/uploads/..%2F..%2F..%2Fetc%2Fpasswd`,
      `${API}/file/uploads/%2e%2e%2f%2e%2e%2fpackage.json`,
    ]) {
      const response = await stack.gateway.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().data, url).toEqual([expect.objectContaining({ error_field: 'path' })]);
    }
  });

  it("refuses images over the site's megapixel limit", async () => {
    const context = stack.service('site').context;
    const advanced = defaultSiteSettings('http://agora.test').advanced;
    await updateSettingsGroup(context, { group: 'advanced', values: { ...advanced, max_image_megapixel: 1 } }, null);
    try {
      const { status, body } = await upload(fileOf(await png(1200, 1000), 'wide.png', 'image/png'), member);
      expect(status).toBe(400);
      expect(body.data).toEqual([{ error_field: 'file', error_msg: message('error.upload.megapixel', { limit: 1 }) }]);
    } finally {
      await updateSettingsGroup(context, { group: 'advanced', values: advanced }, null);
    }
  });
});
