/**
 * Preloaded into cognito-local (`node --import`, local/emulators.ts). cognito-local 5 keeps a pool's
 * `UsernameConfiguration` but always compares user names and e-mail aliases exactly, so a member who joined as
 * `Acc.Cap@Example.com` (stored `acc.cap@example.com`) and signs in typed the same way was "not found" locally,
 * while the AWS pool (lib/stacks/auth-stack.ts `signInCaseSensitive: false`) finds them.
 *
 * Here a pool created with `UsernameConfiguration.CaseSensitive: false` (as local/bootstrap.ts makes it) finds a user
 * by user name or, where e-mail is a sign-in attribute, by e-mail ignoring case: every operation that names a user
 * (InitiateAuth, RespondToAuthChallenge, the Admin* calls, AdminCreateUser's "already exists") goes through
 * `getUserByUsername`. No more lenient than Cognito: nothing is trimmed, a case-sensitive pool stays exact, and the
 * look-up by `sub` (tokens) stays exact.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { UserPoolServiceImpl } = require('cognito-local/lib/services/userPoolService.js');

/** Whether a pool's options say sign-in names are compared ignoring case (Cognito's default is case-sensitive). */
export const ignoresCase = (options) => options?.UsernameConfiguration?.CaseSensitive === false;

/** The user `name` signs in as, ignoring case: by user name, or by e-mail when e-mail is a sign-in attribute. */
export function findIgnoringCase(users, name, usernameAttributes = []) {
  if (typeof name !== 'string') return undefined;
  const wanted = name.toLowerCase();
  const byEmail = usernameAttributes.includes('email');
  return users.find(
    (user) =>
      user.Username?.toLowerCase() === wanted ||
      (byEmail && (user.Attributes ?? []).some((a) => a.Name === 'email' && typeof a.Value === 'string' && a.Value.toLowerCase() === wanted)),
  );
}

const exact = UserPoolServiceImpl.prototype.getUserByUsername;
if (!exact.ignoringCase) {
  const getUserByUsername = async function getUserByUsername(ctx, username) {
    const found = await exact.call(this, ctx, username);
    if (found || !ignoresCase(this.options)) return found;
    const users = Object.values((await this.dataStore.get(ctx, 'Users', {})) ?? {});
    return findIgnoringCase(users, username, this.options.UsernameAttributes ?? []) ?? null;
  };
  getUserByUsername.ignoringCase = true;
  UserPoolServiceImpl.prototype.getUserByUsername = getUserByUsername;
}
