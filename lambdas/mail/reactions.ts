import type { NoticeKind, NoticeStreamFields } from '../core/entities/notice';
import { reactOnce, type DomainEventItem } from '../core/events/domain-events';
import { tableStreamHandler } from '../core/events/table-stream-handler';
import { memberEventHappened } from './member-events';
import { noticeMemberEvent } from './notices/member-notices';
import { mailNotice } from './notices/notice-mails';

/**
 * The mail domain's reactions to the table's stream: a member event's auto mails and workflows, the administrators'
 * notices of members' registrations, cancelled subscriptions and deleted accounts, and the mails of the in-app notices
 * (its own and those other domains write). Each once per event (a redelivered batch sends nothing twice).
 */
export const handleTableStream = tableStreamHandler(async (item) => {
  if (item.type === 'domainEvent') {
    const event = item as DomainEventItem;
    if (event.name === 'memberEvent') {
      const { detail } = event as DomainEventItem<'memberEvent'>;
      await reactOnce(event.teamId, 'mail', event.eventId, { effect: () => memberEventHappened(detail) });
    }
    // Written once per event (the notice's key is the event's); its mails are the reaction to the notice below.
    await noticeMemberEvent(event);
    return;
  }
  const stream = item.stream as NoticeStreamFields | undefined;
  if (!stream || `${stream.kind}Notice` !== item.type) return;
  const { pk: _pk, sk: _sk, type: _type, stream: _stream, ...notice } = item;
  const kind: NoticeKind = stream.kind;
  await reactOnce(stream.teamId, 'mail', `${kind}#${String(notice.notificationId)}`, { effect: () => mailNotice(stream, notice) });
});
