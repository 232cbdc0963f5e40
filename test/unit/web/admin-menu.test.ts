import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  adminMenuSectionKeys,
  adminMenuSectionOf,
  foldForSearch,
  groupAdminMenu,
  menuMatches,
  parseOpenSections,
  sectionOfPath,
} from '../../../web/src/routes/admin/admin-menu';
import { adminNav } from '../../../web/src/routes/admin/admin-routes';
import { visibleEntries } from '../../../web/src/lib/nav-access';

const strings = (lang: 'ja' | 'en') =>
  JSON.parse(readFileSync(new URL(`../../../web/src/i18n/${lang}/admin.json`, import.meta.url), 'utf8')) as {
    nav: Record<string, string>;
    menu: { sections: Record<string, string> };
  };

describe('admin menu sections (web/src/routes/admin/admin-menu.ts)', () => {
  it('places every menu entry in a section: a new feature cannot be left out', () => {
    const table: Record<string, string> = adminMenuSectionOf;
    const missing = adminNav.map((e) => e.key).filter((key) => !(key in table));
    expect(missing, 'add these nav keys to adminMenuSectionOf').toEqual([]);
  });

  it('names no entry the menu does not have', () => {
    const keys = new Set(adminNav.map((e) => e.key));
    expect(Object.keys(adminMenuSectionOf).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('keeps the dashboard alone on top and gives every section entries and labels in both languages', () => {
    const { top, sections } = groupAdminMenu(adminNav);
    expect(top.map((e) => e.key)).toEqual(['dashboard']);
    expect(sections.map((s) => s.key)).toEqual([...adminMenuSectionKeys]);
    expect(sections.flatMap((s) => s.entries)).toHaveLength(adminNav.length - 1);
    for (const lang of ['ja', 'en'] as const) {
      for (const key of [...adminMenuSectionKeys, 'other']) expect(strings(lang).menu.sections[key], `${lang} ${key}`).toBeTruthy();
    }
  });

  it('shows an administrator only the sections their categories fill', () => {
    const designer = groupAdminMenu(visibleEntries(adminNav, { level: 'normal', categories: ['designer'], plan: 'basic' }));
    expect(designer.sections.map((s) => [s.key, s.entries.map((e) => e.key)])).toEqual([['site', ['siteCustomize', 'profile']]]);

    const userManager = groupAdminMenu(visibleEntries(adminNav, { level: 'normal', categories: ['userManager'], plan: 'basic' }));
    expect(userManager.sections.map((s) => s.key)).toEqual(['members', 'mail', 'site']);
  });

  it('puts an entry missing from the table in "other", last', () => {
    const { sections } = groupAdminMenu([{ key: 'videos' }, { key: 'somethingNew' }, { key: 'users' }]);
    expect(sections.map((s) => [s.key, s.entries.map((e) => e.key)])).toEqual([
      ['contents', ['videos']],
      ['members', ['users']],
      ['other', ['somethingNew']],
    ]);
  });

  it('finds the section of a page, its own entry first, else the entry sharing the most of its path', () => {
    expect(sectionOfPath(adminNav, '/admin/dashboard')).toBeUndefined();
    expect(sectionOfPath(adminNav, '/admin/video')).toBe('contents');
    expect(sectionOfPath(adminNav, '/admin/video/01ABC/edit')).toBe('contents');
    expect(sectionOfPath(adminNav, '/admin/event/event_edit/01ABC')).toBe('contents');
    expect(sectionOfPath(adminNav, '/admin/stripe/price/prod_1/create')).toBe('sales');
    expect(sectionOfPath(adminNav, '/admin/site_customize/lp')).toBe('site');
    expect(sectionOfPath(adminNav, '/admin/general_setting/field_customize')).toBe('members');
    expect(sectionOfPath(adminNav, '/admin/general_setting/subscription/paid_history')).toBe('site');
    expect(sectionOfPath(adminNav, '/admin/analytics/videos')).toBe('feedback');
    expect(sectionOfPath(adminNav, '/admin/custom_mail_template/create')).toBe('mail');
    expect(sectionOfPath(adminNav, '/admin/nowhere')).toBeUndefined();
  });

  it('searches labels in either script and width', () => {
    const ja = strings('ja').nav;
    expect(menuMatches('メール', ja.sendEmail)).toBe(true);
    expect(menuMatches('めーる', ja.sendEmail)).toBe(true);
    expect(menuMatches('ﾒｰﾙ', ja.sendEmail)).toBe(true);
    expect(menuMatches('ＰＤＦ', ja.pdfs)).toBe(true);
    expect(menuMatches('配信', ja.sendEmail)).toBe(true);
    expect(menuMatches('動画', ja.sendEmail)).toBe(false);
    expect(menuMatches('mail log', strings('en').nav.emailLog)).toBe(true);
    expect(menuMatches('MAIL', strings('en').nav.sendEmail)).toBe(true);
    expect(menuMatches('  ', 'anything')).toBe(false);
    expect(foldForSearch('Ｐｌａｎ　ﾌﾟﾗﾝ')).toBe('plan プラン');
  });

  it('reads only known sections from storage', () => {
    expect(parseOpenSections(JSON.stringify(['mail', 'nope', 3, 'contents']))).toEqual(['mail', 'contents']);
    expect(parseOpenSections('not json')).toEqual([]);
    expect(parseOpenSections(null)).toEqual([]);
    expect(parseOpenSections('{"a":1}')).toEqual([]);
  });
});
