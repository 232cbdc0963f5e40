import { createIdentity, findIdentity, IdentityExistsError, setIdentityPassword } from '../../platform/identity';
import { listMemberships } from '../entities/team-user';

/**
 * The sign-in identity of someone joining or registering with a new e-mail address: a new one, or the one an
 * interrupted join or registration left behind. The identity is created before the table transaction (it gives the
 * user id), so a process stopped between the two leaves an identity in no team; it belongs to no one yet, so the next
 * join or registration with that address takes it over with its own password. An identity in any team is the
 * person's account: `IdentityExistsError`.
 * `created` says whether this call made it, so only such an identity is removed again when the transaction fails
 * (two joins taking over the same one at once must not remove it under each other).
 */
export async function newIdentity(email: string, password: string, name: string): Promise<{ userId: string; created: boolean }> {
  try {
    return { userId: await createIdentity(email, password, name), created: true };
  } catch (e) {
    if (!(e instanceof IdentityExistsError)) throw e;
    const userId = await orphanIdentity(email);
    if (!userId) throw e;
    await setIdentityPassword(email, password);
    return { userId, created: false };
  }
}

/** The user id of `email`'s identity when it exists and is in no team (left by an interrupted join), else undefined. */
export async function orphanIdentity(email: string): Promise<string | undefined> {
  const userId = await findIdentity(email);
  if (!userId) return undefined;
  return (await listMemberships(userId)).length === 0 ? userId : undefined;
}
