import { beforeEach, describe, expect, it, vi } from 'vitest';

// The login forms sign in through Amplify straight to the user pool: what reaches Cognito is Amplify's `username`.
const signIn = vi.fn(async (_input: { username: string; password: string }) => ({ isSignedIn: true, nextStep: { signInStep: 'DONE' } }));
const signOut = vi.fn(async () => undefined);
vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth', () => ({ signIn, signOut }));
vi.mock('../../../web/src/lib/config', () => ({
  loadConfig: async () => ({ region: 'ap-northeast-1', userPoolId: 'pool', userPoolClientId: 'client', apiBase: '/api' }),
}));
vi.stubGlobal('localStorage', { getItem: () => null, setItem: vi.fn(), removeItem: vi.fn() });

const { signInWithPassword } = await import('../../../web/src/lib/auth');

describe('the web sign-in sends the address in its one stored form', () => {
  beforeEach(() => signIn.mockClear());

  it('a login typed with capitals and spaces signs in as the normalized address; the password is untouched', async () => {
    expect(await signInWithPassword('  Acc.Cap@Example.com ', 'Pass-Word1')).toBe('done');
    expect(signIn).toHaveBeenCalledWith({ username: 'acc.cap@example.com', password: 'Pass-Word1', options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  });

  it('a login typed in lower case is sent as typed', async () => {
    await signInWithPassword('acc.cap@example.com', 'pass');
    expect(signIn.mock.calls[0]?.[0].username).toBe('acc.cap@example.com');
  });
});
