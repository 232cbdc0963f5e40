import { transact } from '../../platform/db';
import { createIdentity, deleteIdentity, findIdentity, setIdentityPassword } from '../../platform/identity';
import { deleteTeamUserOps, putTeamUserOps, type TeamUser } from '../entities/team-user';
import { moveMembershipsOps } from '../entities/group';

/**
 * The first password of a member created by import (`loginPending`). Creating 10,000 Cognito users at import
 * time is what makes an import slow (cognito-local rewrites its whole user file on every write; Cognito limits
 * user creation per second), so the login is made here, when the member opens the mailed link and sets a
 * password: the Cognito user is created (or, for a person already in another team, its password set: the
 * link proves the address is theirs, as a password reset does), then the record, its identity link, search
 * items and group memberships move from the provisional id to the user's `sub` in one transaction.
 */
export async function activateImportedMember(user: TeamUser, password: string, now = new Date()): Promise<string> {
  const existing = await findIdentity(user.email);
  const userId = existing ?? (await createIdentity(user.email, password, user.name));
  if (existing) await setIdentityPassword(existing, password);
  const { loginPending: _pending, version: _version, ...rest } = user;
  const at = now.toISOString();
  // The link came to this address: it is verified now (import_email_auth members wait for exactly this).
  const moved: TeamUser = { ...rest, userId, emailVerified: true, updatedAt: at };
  try {
    await transact([...deleteTeamUserOps(user), ...putTeamUserOps(moved), ...moveMembershipsOps(user.teamId, user.userId, userId, user.groupIds ?? [], at)]);
  } catch (e) {
    if (!existing) await deleteIdentity(user.email);
    throw e;
  }
  return userId;
}
