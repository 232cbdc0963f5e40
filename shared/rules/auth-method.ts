import type { ValidationCode } from './issues';

export const authMethods = ['email', 'custom', 'saml'] as const;
export type AuthMethod = (typeof authMethods)[number];

/** SPEC §5: the authentication method cannot change while the team has users. */
export const checkAuthMethodChange = (
  current: AuthMethod,
  next: AuthMethod,
  userCount: number,
): ValidationCode | undefined => (current !== next && userCount > 0 ? 'validation/auth_method_users_exist' : undefined);
