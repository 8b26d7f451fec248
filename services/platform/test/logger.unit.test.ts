import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config';
import { createLogger, logFormatOf } from '../src/observability/logger';

/** A stdout stand-in that keeps what is written, on a terminal or not. */
function output(isTTY: boolean) {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  }) as Writable & { isTTY?: boolean };
  stream.isTTY = isTTY;
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => chunks.join('') };
}

describe('log format', () => {
  it('is pretty on a terminal and JSON otherwise, unless AGORA_LOG_FORMAT says which', () => {
    expect(logFormatOf(undefined, { isTTY: true })).toBe('pretty');
    expect(logFormatOf(undefined, { isTTY: false })).toBe('json');
    expect(logFormatOf(undefined, {})).toBe('json');
    expect(logFormatOf('json', { isTTY: true })).toBe('json');
    expect(logFormatOf('pretty', { isTTY: false })).toBe('pretty');
  });

  it('is read from AGORA_LOG_FORMAT or the config file, and a wrong value names the setting', () => {
    expect(loadConfig({ env: {} }).logFormat).toBeUndefined();
    expect(loadConfig({ env: { AGORA_LOG_FORMAT: 'json' } }).logFormat).toBe('json');
    expect(loadConfig({ env: {}, overrides: { logFormat: 'pretty' } }).logFormat).toBe('pretty');
    expect(() => loadConfig({ env: { AGORA_LOG_FORMAT: 'text' } })).toThrow(ConfigError);
    expect(() => loadConfig({ env: { AGORA_LOG_FORMAT: 'text' } })).toThrow(/AGORA_LOG_FORMAT \(logFormat\)/);
  });

  it('writes JSON lines to a pipe or a file, with the ISO time and the service', () => {
    const out = output(false);
    createLogger({ logLevel: 'info' }, out.stream).child({ service: 'tags' }).info({ lag: 3 }, 'projection behind');
    const line = JSON.parse(out.text().trim());
    expect(line).toMatchObject({ level: 30, service: 'tags', lag: 3, msg: 'projection behind' });
    expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(line).not.toHaveProperty('pid');
  });

  it('writes lines for people on a terminal: time, level, the service before the message, details below', () => {
    const out = output(true);
    createLogger({ logLevel: 'info' }, out.stream).child({ service: 'tags' }).warn({ lag: 3 }, 'projection behind');
    // Colours depend on the terminal the tests run in: compare the text without them.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what is removed
    const text = out.text().replace(/\u001b\[[0-9;]*m/g, '');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: tags: projection behind\n {4}lag: 3\n$/);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('follows the setting over the terminal', () => {
    const out = output(true);
    createLogger({ logLevel: 'info', logFormat: 'json' }, out.stream).info('started');
    expect(JSON.parse(out.text())).toMatchObject({ msg: 'started' });
  });
});
