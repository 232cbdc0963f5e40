import { describe, expect, it } from 'vitest';
import en from '../../../lambdas/core/mail/texts/en.json';
import ja from '../../../lambdas/core/mail/texts/ja.json';
import { mailText } from '../../../lambdas/core/mail/mail-texts';

/** Every mail text key (a node with a subject), by its path in the JSON. */
function keysOf(node: Record<string, unknown>, prefix = ''): string[] {
  if (typeof node.subject === 'string') return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v as Record<string, unknown>, prefix ? `${prefix}.${k}` : k));
}

/** One subject style per language (issue 30): 【site】 in Japanese, [site] in English, the site's name first. */
const styles = {
  ja: /^【\{\{(siteName|teamName)\}\}】\S/,
  en: /^\[\{\{(siteName|teamName)\}\}\] \S/,
} as const;

describe('mail subjects', () => {
  const keys = keysOf(ja);

  it('has the same keys in both languages', () => {
    expect(keysOf(en).sort()).toEqual([...keys].sort());
    expect(keys.length).toBeGreaterThan(10);
  });

  for (const language of ['ja', 'en'] as const) {
    it(`every ${language} subject starts with the site name in the ${language} style`, () => {
      const raw = keys.filter((key) => {
        let node: unknown = language === 'ja' ? ja : en;
        for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
        return !styles[language].test((node as { subject: string }).subject);
      });
      expect(raw).toEqual([]);
    });
  }

  it('fills the site name into the bracket', () => {
    expect(mailText('ja', 'comments.videoReplyCommented', { siteName: 'サイト', title: '動画' }).subject).toBe('【サイト】動画 へのコメントに返信がありました');
    expect(mailText('en', 'comments.videoReplyCommented', { siteName: 'Site', title: 'Video' }).subject).toBe('[Site] Your comment on Video got a reply');
  });
});
