import { describe, expect, it } from 'vitest';
import { excerptOf, findWords, highlight, highlightTerms, matchRanges, stem } from '../src/queries/snippets';
import { cjkChain } from '../src/search-index/postgres/tsquery';
import { bigrams, cjkTokens, splitScripts } from '../src/text/scripts';

describe('CJK text', () => {
  it('splits text by script and makes overlapping bigrams', () => {
    expect(splitScripts('Kafka问题 如何使用 consumers')).toEqual({
      latin: 'Kafka consumers',
      cjkRuns: ['问题', '如何使用'],
    });
    expect(bigrams('问题回答')).toEqual(['问题', '题回', '回答']);
    expect(bigrams('问')).toEqual(['问']);
    expect(cjkTokens('如何使用 Kafka 问题')).toBe('如何 何使 使用 问题');
    expect(cjkChain('问题回答')).toBe("'问题' <-> '题回' <-> '回答'");
    expect(cjkChain('问')).toBe("'问':*");
  });
});

describe('snippets', () => {
  it('stems enough to see inflections as matches', () => {
    expect(stem('running')).toBe(stem('run'));
    expect(stem('indexes')).toBe(stem('index'));
    expect(stem('queries')).toBe(stem('query'));
    expect(stem('consumed')).toBe('consum');
  });

  it('highlights words and CJK strings, HTML-escaped', () => {
    const terms = highlightTerms(['consumer', '问题'], ['read model']);
    const text = 'A <b>consumer</b> reads the Read Model: 关于问题的回答';
    expect(highlight(text, matchRanges(text, terms))).toBe(
      'A &lt;b&gt;<em>consumer</em>&lt;/b&gt; <em>reads</em> the <em>Read</em> <em>Model</em>: 关于<em>问题</em>的回答',
    );
  });

  it('cuts about 100 characters around the first match', () => {
    const text = `${'lorem ipsum dolor '.repeat(20)}the kafka consumer lag ${'sit amet '.repeat(20)}`;
    const { excerpt, highlighted } = excerptOf(text, highlightTerms(['kafka'], []));
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('kafka consumer');
    expect([...excerpt].length).toBeLessThanOrEqual(102);
    expect(highlighted).toContain('<em>kafka</em> consumer');
    const short = excerptOf('Short body without the word', highlightTerms(['kafka'], []));
    expect(short).toEqual({ excerpt: 'Short body without the word', highlighted: 'Short body without the word' });
  });
});

describe('finding words by their beginnings', () => {
  // The indexOf scan must find exactly what the pattern finds, which stays as the fallback.
  const VOCABULARY = [
    'Kafka',
    'kafkas',
    'consumer',
    'Consumers',
    'consumed',
    'índex',
    'index',
    'indexes',
    'Reindex',
    'queries',
    'query',
    'QUERY_42',
    '42',
    'x42',
    'über',
    'ſtate',
    'state',
    'STATES',
    'estate',
    '问题',
    'ab',
    'abc',
  ];
  const GLUE = [' ', ', ', '.', '-', '_', '(', ')', '问', 'é', '😀', '\n', '', 'İ'];
  it('gives the same ranges as the pattern, for any text', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const queries = [['kafka'], ['consumer', 'index'], ['query'], ['state'], ['42'], ['ab'], ['über', 'kafka']];
    let scanned = 0;
    for (let round = 0; round < 3000; round++) {
      let text = '';
      for (let k = next(30); k > 0; k--) text += VOCABULARY[next(VOCABULARY.length)]! + GLUE[next(GLUE.length)]!;
      const words = queries[next(queries.length)]!;
      const terms = highlightTerms(words, []);
      const byPattern = { ...terms, asciiPrefixes: null, cjk: [] };
      for (const limit of [1, 2, Number.POSITIVE_INFINITY]) {
        const found = terms.asciiPrefixes && findWords(text, terms, terms.asciiPrefixes, limit);
        if (found) scanned++;
        expect(found ?? matchRanges(text, terms, limit), `${words} in ${JSON.stringify(text)}`).toEqual(
          matchRanges(text, byPattern, limit),
        );
      }
    }
    // Texts take the scan (a third of them here); those with 'İ' or 'ſ' fall back to the pattern.
    expect(scanned).toBeGreaterThan(2000);
  });

  it('does not make the pattern when the scan serves', () => {
    const terms = highlightTerms(['kafka'], []);
    let made = false;
    const watched = Object.defineProperty({ ...terms }, 'candidates', {
      get: () => {
        made = true;
        return null;
      },
    });
    expect(excerptOf('the kafka consumer', watched).highlighted).toBe('the <em>kafka</em> consumer');
    expect(made).toBe(false);
  });

  it('is used for ASCII words and not for others', () => {
    expect(highlightTerms(['Kafka', 'consumers'], []).asciiPrefixes).toEqual(['kafk', 'consume']);
    expect(highlightTerms(['über'], []).asciiPrefixes).toBeNull();
  });
});
