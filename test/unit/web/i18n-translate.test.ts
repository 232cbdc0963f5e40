import { beforeAll, describe, expect, it, vi } from 'vitest';

// The language switch writes the page title and lang attribute and remembers the choice.
const storage = new Map<string, string>();
vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) });
vi.stubGlobal('document', { documentElement: { lang: '' }, title: '' });

const { changeLanguage, errorMessage, loadNamespaces, translate } = await import('../../../web/src/lib/i18n');
const { apiErrorFrom } = await import('../../../web/src/lib/api-error');

describe('translate (the in-house i18n)', () => {
  beforeAll(async () => {
    await changeLanguage('en');
    await loadNamespaces('admin', 'errors');
  });

  it('looks a key up in its namespace, with common as the default', () => {
    expect(translate('app.name')).toBe('Membership Video Platform');
    expect(translate('common:app.name')).toBe('Membership Video Platform');
  });

  it('answers the key itself when it is missing, or the default value', () => {
    expect(translate('admin:no.such.key')).toBe('admin:no.such.key');
    expect(translate('admin:no.such.key', { defaultValue: 'Fallback' })).toBe('Fallback');
  });

  it('picks the plural form from count and interpolates it', () => {
    expect(translate('admin:dashboard.trial.daysLeft', { count: 1 })).toBe('1 day left in your trial');
    expect(translate('admin:dashboard.trial.daysLeft', { count: 5 })).toMatch(/^5 days left/);
  });

  it('leaves an unknown placeholder as written rather than printing undefined', () => {
    expect(translate('admin:dashboard.trial.daysLeft_one', {})).toBe('{{count}} day left in your trial');
  });

  it('gives every error code a message and an unknown code the generic one', () => {
    expect(errorMessage('common/unknown')).not.toBe('errors:common/unknown');
    expect(errorMessage('no/such_code')).toBe(errorMessage('common/unknown'));
  });

  it("shows the server's values in the message, an instant under `date` as a SPEC §9 date", () => {
    const from = new Date(2027, 2, 5, 12).toISOString();
    const error = apiErrorFrom(409, { error: { code: 'subscription/minimum_usage_period', values: { date: from } } });
    expect(errorMessage(error)).toBe('You cannot cancel during the minimum usage period. You can cancel from 2027/03/05.');
  });

  it('switches language, loading the namespaces already asked for, and remembers it', async () => {
    await changeLanguage('ja');
    expect(translate('admin:dashboard.trial.daysLeft', { count: 1 })).toMatch(/1/);
    expect(translate('admin:dashboard.trial.daysLeft', { count: 1 })).not.toMatch(/day left/);
    expect(document.documentElement.lang).toBe('ja');
    expect(storage.get('mvp.language')).toBe('ja');
  });
});
