import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../src/i18n/i18n';
import { useTranslation } from '../src/i18n/use-translation';

/** What a screen draws with the hook: a plain look-up, the same again, and one with options. */
function Labels() {
  const { t, i18n: instance } = useTranslation();
  return createElement(
    'p',
    null,
    [t('ui.detail.accepted'), t('ui.detail.accepted'), t('ui.date.seconds_ago', { count: 5 }), instance.language].join(
      '|',
    ),
  );
}

/** A counted look-up, as a drawn time makes it. */
function MinutesAgo({ options }: { options: Record<string, unknown> }) {
  return createElement('p', null, useTranslation().t('ui.date.minutes_ago', options));
}

/** The translators the probes were handed, in order. */
const seen: unknown[] = [];
function Probe() {
  seen.push(useTranslation().t);
  return null;
}

const drawnIn = (language: string) => {
  // As the server draws a page: a clone of the instance per page, in the page's language.
  const clone = i18n.cloneInstance({ lng: language, initAsync: false });
  return renderToString(createElement(I18nextProvider, { i18n: clone }, createElement(Labels)));
};

describe("the kit's useTranslation", () => {
  it('translates in the language of the nearest instance, with and without options, each page its own', () => {
    expect(drawnIn('en_US')).toBe('<p>Accepted|Accepted|5s ago|en_US</p>');
    expect(drawnIn('zh_CN')).toContain('<p>已采纳|已采纳|');
    // A plain look-up remembered for one language is not another's.
    expect(drawnIn('en_US')).toBe('<p>Accepted|Accepted|5s ago|en_US</p>');
  });

  it('hands every component of a language the same translator', () => {
    seen.length = 0;
    const clone = i18n.cloneInstance({ lng: 'en_US', initAsync: false });
    renderToString(createElement(I18nextProvider, { i18n: clone }, createElement(Probe), createElement(Probe)));
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });

  it('remembers a look-up with a small count by its number, and leaves any other options to i18next', () => {
    const counted = (language: string, options: Record<string, unknown>) =>
      renderToString(
        createElement(
          I18nextProvider,
          { i18n: i18n.cloneInstance({ lng: language, initAsync: false }) },
          createElement(MinutesAgo, { options }),
        ),
      ).replace(/<\/?p>/g, '');
    expect(counted('en_US', { count: 3 })).toBe('3m ago');
    expect(counted('en_US', { count: 4 })).toBe('4m ago');
    expect(counted('en_US', { count: 3 })).toBe('3m ago');
    expect(counted('zh_CN', { count: 3 })).not.toBe('3m ago');
    expect(counted('zh_CN', { count: 3 })).toContain('3');
    // Past the remembered counts, and with other options, each is translated afresh.
    expect(counted('en_US', { count: 1234 })).toBe('1234m ago');
    expect(counted('en_US', { count: 3, defaultValue: 'x' })).toBe('3m ago');
  });
});
