import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// SPEC §8 "logout failed": a sign-out this browser could not finish is said, and nothing is forgotten.
const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => storage.set(k, v),
  removeItem: (k: string) => storage.delete(k),
});
vi.stubGlobal('document', { documentElement: { lang: '' }, title: '' });
const signOutCurrentUser = vi.fn(async () => undefined);
vi.mock('../../../web/src/lib/auth', () => ({ signOutCurrentUser }));
const toastError = vi.fn();
vi.mock('../../../web/src/lib/toast', () => ({ toast: { error: toastError, success: vi.fn() } }));

const { changeLanguage, loadNamespaces } = await import('../../../web/src/lib/i18n');
const { getTeamSession, setTeamSession } = await import('../../../web/src/lib/team-session');
const { signOutAndForget } = await import('../../../web/src/lib/sign-out');

const session = { operatedTeamId: 'T1', operatedUserId: 'U1', siteName: 'Site' };

describe('signing out (web/src/lib/sign-out.ts)', () => {
  beforeAll(async () => {
    await loadNamespaces('errors');
  });
  beforeEach(() => {
    toastError.mockClear();
    signOutCurrentUser.mockReset();
    setTeamSession(session);
  });

  it('forgets the operated team and the cached answers when the sign-out succeeds', async () => {
    const mutate = vi.fn(async () => undefined);
    expect(await signOutAndForget(mutate as never)).toBe(true);
    expect(getTeamSession()).toBeNull();
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(toastError).not.toHaveBeenCalled();
  });

  it.each([
    ['en', 'Logout failed.'],
    ['ja', 'ログアウトに失敗しました。'],
  ] as const)('says "logout failed" (%s) and keeps the session when the sign-out fails', async (lang, message) => {
    await changeLanguage(lang);
    signOutCurrentUser.mockRejectedValueOnce(new Error('storage refused'));
    const mutate = vi.fn(async () => undefined);
    expect(await signOutAndForget(mutate as never)).toBe(false);
    expect(toastError).toHaveBeenCalledWith(message);
    expect(getTeamSession()).toEqual(session);
    expect(mutate).not.toHaveBeenCalled();
  });
});
