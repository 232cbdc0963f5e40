import { Badge, Group } from '@mantine/core';
import type { MemberRow, MemberState } from '../../../../../shared/api/calls/members';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §4 member states, one colour each. */
const stateColor: Record<MemberState, string> = {
  invited: 'blue',
  waitingApproval: 'yellow',
  enabled: 'teal',
  disabled: 'gray',
};

/**
 * A badge keeps its whole label: it never shrinks in a narrow table cell (Mantine's badge would cut it to "ENAB…"),
 * and its label is not clipped.
 */
const whole = { root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } } as const;

/** The member's one state (derived on the server), with "expired" beside it when the account's expiry passed. */
export function MemberStateBadge({ member }: { member: Pick<MemberRow, 'state' | 'expired'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={stateColor[member.state]} variant="light" styles={whole} data-member-state={member.state}>
        {t(`users:status.${member.state}`)}
      </Badge>
      {member.expired && (
        <Badge color="red" variant="light" styles={whole}>
          {t('users:status.expired')}
        </Badge>
      )}
    </Group>
  );
}
