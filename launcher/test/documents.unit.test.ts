/**
 * The documents stay true to the tree (issue 18): the decisions in docs/adr are numbered without a gap and
 * each is a line of DESIGN §9; every citation of an ADR names a file that exists, and none cites DESIGN §9
 * by an entry's name any more; no source cites a document outside the repository; the README names every
 * micro-frontend, operator command and npm script, and DESIGN §1 every service and front-end folder.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownSection, REPO, readRepositoryFile, repositoryFiles } from './support/repository-files';

const ADR_DIR = 'docs/adr';
const ADR_FILE = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const adrFiles = readdirSync(path.join(REPO, ADR_DIR))
  .filter((name) => name !== 'README.md')
  .sort();
const design = readRepositoryFile('DESIGN.md');
const readme = readRepositoryFile('README.md');
const files = repositoryFiles();
const THIS_FILE = 'launcher/test/documents.unit.test.ts';

const foldersOf = (parent: string) =>
  readdirSync(path.join(REPO, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .map((entry) => entry.name);

describe('architecture decision records', () => {
  it('are named NNNN-slug.md and numbered from 0001 without a gap', () => {
    expect(adrFiles.length).toBeGreaterThan(0);
    for (const name of adrFiles) expect(name, `${ADR_DIR}/${name}`).toMatch(ADR_FILE);
    const numbers = adrFiles.map((name) => Number(name.slice(0, 4)));
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it('each open with their number and title, and say their status', () => {
    for (const name of adrFiles) {
      const text = readRepositoryFile(`${ADR_DIR}/${name}`);
      expect(text.split('\n')[0], name).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\. \\S`));
      expect(text, name).toMatch(/^- \*\*Status:\*\* (Accepted|Superseded by)/m);
    }
  });

  it('say "Amends" where an earlier one says "amended by", and "Supersedes" where it says "superseded by"', () => {
    const text = new Map(adrFiles.map((name) => [name, readRepositoryFile(`${ADR_DIR}/${name}`)]));
    for (const [name, body] of text) {
      const status = /^- \*\*Status:\*\* (.*)$/m.exec(body)?.[1] ?? '';
      for (const [, later] of status.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)) {
        const reverse = /superseded/i.test(status) ? 'Supersedes' : 'Amends';
        const line = new RegExp(`^- \\*\\*${reverse}:\\*\\* .*\\]\\(${name.replace('.', '\\.')}\\)`, 'm');
        expect(text.get(later ?? ''), `${later} names ${name} under ${reverse}`).toMatch(line);
      }
    }
  });

  it('are each one line of DESIGN §9, in order, and §9 holds nothing else in its list', () => {
    const section = markdownSection(design, 9);
    // A list item and its indented continuation lines, as one line.
    const items = section
      .split(/\n(?=- )/)
      .slice(1)
      .map((item) => item.split('\n\n')[0]?.replace(/\n +/g, ' ') ?? '');
    const linked = items.map((line) => {
      const match = /^- \[(\d{4}) [^\]]+\]\(docs\/adr\/(\d{4}-[a-z0-9-]+\.md)\): \S/.exec(line);
      expect(match, `a §9 line is "- [NNNN Title](docs/adr/NNNN-slug.md): summary": ${line}`).not.toBeNull();
      expect(match?.[1], line).toBe(match?.[2]?.slice(0, 4));
      return match?.[2];
    });
    expect(linked).toEqual(adrFiles);
  });
});

describe('citations', () => {
  it('of an ADR name a file that exists', () => {
    const missing: string[] = [];
    for (const file of files) {
      // Repository paths anywhere; inside docs/adr, links between records are relative.
      const cited = [...file.text.matchAll(/(?:docs\/)?adr\/(\d{4}-[a-z0-9-]+\.md)/g)].map((m) => m[1]);
      if (file.path.startsWith(`${ADR_DIR}/`)) {
        cited.push(...[...file.text.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)].map((m) => m[1]));
      }
      for (const name of cited) if (!adrFiles.includes(name ?? '')) missing.push(`${file.path}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('cite an ADR file, never a DESIGN §9 entry by its name', () => {
    const byName = /DESIGN(?:\.md)?,? §\s?9(?:(?:,\s*|\s+)(?:\*\s*|\/\/\s*)?["“A-Z]|\))/;
    const offenders = files.filter((file) => file.path !== THIS_FILE && byName.test(file.text));
    expect(offenders.map((file) => `${file.path}: ${byName.exec(file.text)?.[0]}`)).toEqual([]);
  });

  it('never point outside the repository', () => {
    // Built from parts, so that this file does not match itself.
    const outside = new RegExp(['\\.\\./shared', '/work/' + 'shared', 'shared/(?:spec|reference)/'].join('|'));
    const offenders = files.filter((file) => file.path !== THIS_FILE && outside.test(file.text));
    expect(offenders.map((file) => `${file.path}: ${outside.exec(file.text)?.[0]}`)).toEqual([]);
  });

  it('in source and tests never cite the reference documents: no section of them, no file of them by name', () => {
    // A comment or test title states the rule, or cites DESIGN, an ADR, docs/behaviour-decisions.md or the
    // API reference; the documents kept outside the repository are for acceptance only. Documents may
    // speak of the reference in prose, but name none of its files either. Built from parts, so that this
    // file does not match itself; a section number may sit on the comment's next line.
    const byFile = ['api', 'behaviour', 'product-spec'].map((name) => `\\b${name}\\.md\\b`);
    const bySection = ['behaviour', 'spec'].map((name) => `\\b${name}(?:[\\s*/]|\\s*\\*|\\s*\\/\\/)*\\s*§`);
    const inDocuments = new RegExp(byFile.join('|'), 'gi');
    const inSource = new RegExp([...byFile, ...bySection, '\\bproduct[ -]spec\\b'].join('|'), 'gi');
    const offenders: string[] = [];
    for (const file of files) {
      if (file.path === THIS_FILE) continue;
      const cites = file.path.endsWith('.md') ? inDocuments : inSource;
      for (const match of file.text.matchAll(cites)) {
        const line = file.text.slice(0, match.index).split('\n').length;
        offenders.push(`${file.path}:${line}: ${match[0].replace(/\s+/g, ' ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('README', () => {
  it('names every micro-frontend by its folder and its package', () => {
    for (const folder of foldersOf('frontends')) {
      if (folder === 'test') continue;
      const name: string = JSON.parse(readRepositoryFile(`frontends/${folder}/package.json`)).name;
      expect(readme, `frontends/${folder}`).toContain(`\`frontends/${folder}\``);
      expect(readme, name).toContain(`\`${name}\``);
    }
  });

  it('names every operator command of launcher/src/main.ts with its sub-command and flags', () => {
    const main = readRepositoryFile('launcher/src/main.ts');
    const usage = /\/\*\*([\s\S]*?)\*\//.exec(main)?.[1] ?? '';
    const commands = [...usage.matchAll(/^ \* {3}(\S.*?)\s{2,}\S/gm)].map((m) => m[1] ?? '');
    expect(commands.length).toBeGreaterThan(0);
    // Every command main.ts runs is in its own usage, so the usage is the whole list.
    for (const [, name] of main.matchAll(/case '([a-z-]+)':/g)) {
      expect(
        commands.some((c) => c.split(' ')[0] === name),
        `main.ts documents ${name}`,
      ).toBe(true);
    }
    for (const command of commands) {
      const words = command.split(' ').filter((w) => /^[a-z]/.test(w));
      expect(readme, command).toContain(words.join(' '));
      for (const flag of command.match(/--[a-z-]+/g) ?? []) expect(readme, `${command}: ${flag}`).toContain(flag);
    }
  });

  it('names every npm script of package.json', () => {
    const scripts = Object.keys(JSON.parse(readRepositoryFile('package.json')).scripts as Record<string, string>);
    for (const script of scripts) {
      const named = [`npm run ${script}`, `npm ${script}`, `\`${script}\``].some((form) => readme.includes(form));
      expect(named, `README names the script ${script}`).toBe(true);
    }
  });
});

describe('DESIGN §1', () => {
  it('names every service and every front-end folder', () => {
    const shape = markdownSection(design, 1);
    for (const folder of foldersOf('services'))
      expect(shape, `services/${folder}`).toMatch(new RegExp(`^ +${folder}/ `, 'm'));
    for (const folder of foldersOf('frontends'))
      expect(shape, `frontends/${folder}`).toMatch(new RegExp(`^ +${folder}/ `, 'm'));
  });
});
