import { Logger } from '@aws-lambda-powertools/logger';
import type { MemberImportFailure } from '../../../shared/api/calls/member-import';
import { EMAIL_VERIFICATION_LINK_SECONDS, MEMBER_IMPORT_LINK_SECONDS, SECONDS_PER_DAY, SECONDS_PER_HOUR } from '../../../shared/constants';
import { createTokens } from '../../core/access/one-time-token';
import { AppError } from '../../core/http/app-error';
import { addAnswerCountOps, listCustomFields } from '../../core/entities/custom-field';
import { mailText } from '../../core/mail/mail-texts';
import { sendMail } from '../../core/mail/send-mail';
import { batchPut, type Item, type TransactOp } from '../../platform/db';
import { platformConfig } from '../../platform/config';
import { scheduleJob, type ScheduledJob } from '../../platform/scheduler';
import { getTeam } from '../../core/entities/team';
import { putTeamUserOps, type TeamUser } from '../../core/entities/team-user';
import { groupCountOps, groupMembershipItems, listGroups } from '../../core/entities/group';
import { getMember, updateMember } from '../members';
import { countOnce, finishChunk, getChunk, getImportRecord, importJobId, listFailures, putFailures, startMailing, type ImportRecord, type ImportRow } from './member-import';
import { emitActivity } from '../../core/events/domain-events';

const logger = new Logger({ serviceName: 'member-import' });

/** A run stops taking chunks after this long and schedules the next run (a Lambda has 15 minutes at most). */
const RUN_BUDGET_MS = 60_000;
const WRITE_CONCURRENCY = 8;
const MAIL_CONCURRENCY = 32;
const UPDATE_CONCURRENCY = 4;
/** A chunk mailing for longer than this was left by a run that stopped. */
const MAILING_LEASE_MS = 5 * 60_000;
/** When another run is mailing a chunk, come back after this long. */
const BUSY_RETRY_MS = 10_000;
/** Count changes a transaction takes besides the chunk's mark. */
const COUNT_OPS_PER_PART = 98;

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T);
      }
    }),
  );
  return results;
}

const slices = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

interface RunContext {
  record: ImportRecord;
  siteName: string;
  groupIds: Set<string>;
  fieldIds: Set<string>;
}

/** The new member of an import row: no login yet (activate-member.ts makes it with the first password). */
function newMember(ctx: RunContext, row: ImportRow): TeamUser {
  const customFields = Object.fromEntries(Object.entries(row.customFields).filter(([id]) => ctx.fieldIds.has(id)));
  return {
    teamId: ctx.record.teamId,
    userId: row.userId,
    email: row.email,
    name: row.name ?? row.email.split('@')[0]!,
    role: 'member',
    categories: [],
    disabled: row.disabled ?? false,
    createdAt: ctx.record.createdAt,
    emailVerified: ctx.record.mode === 'import',
    loginPending: true,
    roleTab: 'member',
    groupIds: row.groupIds ?? [],
    customFields,
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.expiresAt ? { expiresAt: row.expiresAt } : {}),
  };
}

/** Writes a chunk's new members in batches; answers the rows that could not be written. */
async function writeNewMembers(ctx: RunContext, index: number, rows: ImportRow[]): Promise<MemberImportFailure[]> {
  const { teamId, createdAt } = ctx.record;
  const failures: MemberImportFailure[] = [];
  const items: Item[] = [];
  const groupCounts = new Map<string, number>();
  const answerCounts = new Map<string, number>();
  for (const row of rows) {
    // A group deleted after the file was checked.
    if ((row.groupIds ?? []).some((g) => !ctx.groupIds.has(g))) {
      failures.push({ row: row.row, email: row.email, code: 'import/group_not_found' });
      continue;
    }
    const user = newMember(ctx, row);
    for (const op of putTeamUserOps(user)) if ('put' in op) items.push(op.put);
    items.push(...groupMembershipItems(teamId, user.userId, user.groupIds ?? [], createdAt));
    for (const g of new Set(user.groupIds)) groupCounts.set(g, (groupCounts.get(g) ?? 0) + 1);
    for (const [fieldId, v] of Object.entries(user.customFields ?? {})) {
      if (v !== '' && !(Array.isArray(v) && v.length === 0)) answerCounts.set(fieldId, (answerCounts.get(fieldId) ?? 0) + 1);
    }
  }
  // Plain puts of items with fresh ids: writing them twice writes the same. Only a pending chunk writes.
  await inParallel(slices(items, 25), WRITE_CONCURRENCY, (batch) => batchPut(batch));
  const countOps: TransactOp[] = [...groupCountOps(teamId, groupCounts, createdAt), ...addAnswerCountOps(teamId, answerCounts)];
  for (const [part, ops] of slices(countOps, COUNT_OPS_PER_PART).entries()) await countOnce(teamId, ctx.record.importId, index, part, ops);
  return failures;
}

/** Applies a chunk's updates; answers the rows that could not be updated. Updating twice gives the same member. */
async function updateMembers(ctx: RunContext, rows: ImportRow[]): Promise<MemberImportFailure[]> {
  const { teamId } = ctx.record;
  const outcomes = await inParallel(rows, UPDATE_CONCURRENCY, async (row): Promise<MemberImportFailure | undefined> => {
    try {
      const before = await getMember(teamId, row.userId);
      await updateMember(teamId, row.userId, {
        name: row.name ?? before.name,
        phone: row.phone ?? before.phone ?? '',
        groupIds: row.groupIds ?? before.groupIds ?? [],
        disabled: row.disabled ?? before.disabled,
        expiresAt: row.expiresAt ?? before.expiresAt ?? null,
        customFields: { ...before.customFields, ...row.customFields },
        notifications: before.notifications ?? {},
        managerOf: before.managerOf ?? {},
      });
      return undefined;
    } catch (e) {
      if (e instanceof AppError && e.code === 'common/no_user') return { row: row.row, email: row.email, code: 'import/user_not_found' };
      if (e instanceof AppError && e.code === 'common/invalid_input') {
        const code = e.fields && Object.keys(e.fields).some((f) => f === 'groupIds') ? 'import/group_not_found' : 'import/invalid_value';
        return { row: row.row, email: row.email, code };
      }
      logger.error('A member import row failed', { teamId, importId: ctx.record.importId, row: row.row, error: e as Error });
      return { row: row.row, email: row.email, code: 'common/unknown' };
    }
  });
  return outcomes.filter((o): o is MemberImportFailure => o !== undefined);
}

const linkSeconds = (ctx: RunContext) => (ctx.record.mode === 'emailAuth' ? EMAIL_VERIFICATION_LINK_SECONDS : MEMBER_IMPORT_LINK_SECONDS);

/** The mail of a new member: a single-use link to set the first password (the password-reset flow's link). */
async function sendMemberMail(ctx: RunContext, row: ImportRow, token: string): Promise<boolean> {
  const { teamId, mode, language } = ctx.record;
  const emailAuth = mode === 'emailAuth';
  const ttl = linkSeconds(ctx);
  try {
    const url = `${platformConfig().appOrigin}/change_password?token=${token}&tid=${encodeURIComponent(teamId)}`;
    const mail = emailAuth
      ? mailText(language, 'emailVerification', { siteName: ctx.siteName, url, hours: ttl / SECONDS_PER_HOUR })
      : mailText(language, 'memberImport.invitation', {
          siteName: ctx.siteName,
          name: row.name ?? row.email.split('@')[0]!,
          email: row.email,
          url,
          days: ttl / SECONDS_PER_DAY,
        });
    await sendMail({ to: row.email, teamId, ...mail, tags: { mailKind: emailAuth ? 'memberImportEmailAuth' : 'memberImport' } });
    return true;
  } catch (e) {
    // One address refused by the mail service must not stop the others; the summary shows the mails sent.
    logger.error('A member import mail failed', { teamId, importId: ctx.record.importId, row: row.row, error: e as Error });
    return false;
  }
}

/**
 * One chunk: written while pending, then mailed by the one run that moved it to mailing, then done. Answers false
 * when another run is mailing it now (this run should come back later).
 */
async function runChunk(ctx: RunContext, index: number): Promise<boolean> {
  const { teamId, importId, mode } = ctx.record;
  const chunk = await getChunk(teamId, importId, index);
  if (!chunk || chunk.state === 'done') return true;
  let failed: Set<number>;
  let mailsSent = 0;
  if (chunk.state === 'pending') {
    const failures = mode === 'update' ? await updateMembers(ctx, chunk.rows) : await writeNewMembers(ctx, index, chunk.rows);
    await putFailures(teamId, importId, failures);
    failed = new Set(failures.map((f) => f.row));
    // Mails go out once: only the run that moves the chunk to mailing sends them.
    if (!(await startMailing(teamId, importId, index, new Date()))) return false;
    if (mode !== 'update') {
      const created = chunk.rows.filter((r) => !failed.has(r.row));
      // Analytics (issue 14): the chunk's new members, counted once (only the run that starts mailing gets here).
      await emitActivity({ teamId, at: new Date(), counts: { signups: created.length } });
      const tokens = await createTokens('resetPassword', created.map((r) => ({ teamId, userId: r.userId })), linkSeconds(ctx));
      const sent = await inParallel(created.map((row, i) => ({ row, token: tokens[i]! })), MAIL_CONCURRENCY, (m) => sendMemberMail(ctx, m.row, m.token));
      mailsSent = sent.filter(Boolean).length;
    }
  } else {
    // Mailing: by a live run (leave it), or by one that stopped (finish the chunk; its unsent mails are lost).
    if (Date.now() - Date.parse(chunk.mailingSince ?? '') < MAILING_LEASE_MS) return false;
    failed = new Set((await listChunkFailures(ctx, chunk.rows)).map((f) => f.row));
  }
  const ok = chunk.rows.length - failed.size;
  await finishChunk(
    ctx.record,
    index,
    { done: chunk.rows.length, created: mode === 'update' ? 0 : ok, updated: mode === 'update' ? ok : 0, mailsSent },
    new Date().toISOString(),
  );
  return true;
}

/** The failures an earlier run recorded for these rows. */
async function listChunkFailures(ctx: RunContext, rows: ImportRow[]): Promise<MemberImportFailure[]> {
  const rowNumbers = new Set(rows.map((r) => r.row));
  return (await listFailures(ctx.record.teamId, ctx.record.importId, 10_000)).filter((f) => rowNumbers.has(f.row));
}

/**
 * The scheduled job of an import (kind `memberImport`, payload `{ importId }`): takes the chunks in order until
 * its time budget is spent, then schedules itself again. Safe to run twice: see member-import.ts.
 */
export async function runJob(job: ScheduledJob): Promise<void> {
  const teamId = job.teamId;
  const importId = job.payload.importId;
  if (!teamId || typeof importId !== 'string') throw new Error('A member import job needs its team and import id');
  const record = await getImportRecord(teamId, importId);
  if (!record || record.state === 'done') return;
  const [team, groups, fields] = await Promise.all([getTeam(teamId), listGroups(teamId), listCustomFields(teamId)]);
  const ctx: RunContext = {
    record,
    siteName: team?.siteName ?? '',
    groupIds: new Set(groups.map((g) => g.groupId)),
    fieldIds: new Set(fields.map((f) => f.fieldId)),
  };
  const started = Date.now();
  const again = (afterMs: number) =>
    scheduleJob({ id: importJobId(importId), at: new Date(Date.now() + afterMs), job: { kind: 'memberImport', teamId, payload: { importId } } });
  for (let index = record.chunksDone; index < record.chunkCount; index++) {
    if (Date.now() - started > RUN_BUDGET_MS) return again(0);
    if (!(await runChunk(ctx, index))) return again(BUSY_RETRY_MS);
  }
}
