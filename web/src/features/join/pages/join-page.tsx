import { Container } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { InviteKind, JoinResult } from '../../../../../shared/api/calls/invites';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { DesignPageImage } from '../../../components/design-page-image';
import { usePublicInvite } from '../api';
import { JoinForm } from '../components/join-form';
import { usePublicDesign } from '../../../lib/public-design';
import { errorCodeOf } from '../../../lib/api-error';
import { signInWithPassword } from '../../../lib/auth';
import { toast } from '../../../lib/toast';

/** SPEC §2: the redirect query a join link may carry, passed on to the login steps after it. */
const REDIRECT_QUERY = ['redirectPath', 'isInvoicePayment', 'price', 'couponId', 'verifyEmailPath'];

/** /invalid_invite_code/:message takes the code's last part (not_found, expired, limit_reached). */
export const invalidInvitePath = (code: string) => `/invalid_invite_code/${code.startsWith('invite/') ? code.slice('invite/'.length) : 'not_found'}`;

/** /join/user/:inviteId and /join/admin/:inviteId. */
export function JoinPage({ kind }: { kind: InviteKind }) {
  const { t } = useTranslation();
  const { inviteId = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { data, error, mutate } = usePublicInvite(inviteId, kind);
  // SPEC §3 page kinds: a member invitation shows the team's invite page image (site_customize/image).
  const { data: design } = usePublicDesign(kind === 'user' && data ? data.teamId : '');
  const query = new URLSearchParams(search);
  const forward = new URLSearchParams(REDIRECT_QUERY.flatMap((key) => (query.has(key) ? [[key, query.get(key)!]] : [])));
  const suffix = forward.size ? `?${forward.toString()}` : '';

  const code = error ? errorCodeOf(error) : undefined;
  const inviteGone = code?.startsWith('invite/');
  useEffect(() => {
    if (code && inviteGone) navigate(invalidInvitePath(code), { replace: true });
  }, [code, inviteGone, navigate]);

  // Signed in with what was just typed; the next page decides what the new member sees first.
  const enter = async (result: JoinResult, credentials: { email: string; password: string }) => {
    toast.success(t('invites:join.registered'));
    try {
      await signInWithPassword(credentials.email, credentials.password);
    } catch {
      toast.error(t('invites:join.signInFailed'));
      navigate(result.role === 'admin' ? '/login' : `/login/${result.teamId}${suffix}`);
      return;
    }
    if (result.role === 'admin') navigate('/logged_in');
    else if (result.approval === 'pending') navigate(`/unapproved/${result.teamId}`);
    else if (!result.emailVerified) navigate(`/unverified_email/${result.teamId}${suffix}`);
    else navigate(`/logged_in/${result.teamId}${suffix}`);
  };

  return (
    <Container size={560} py={{ base: 32, sm: 56 }}>
      {error && !inviteGone ? (
        <LoadError title={t('invites:invalid.title')} error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <PageLoader />
      ) : (
        <>
          <DesignPageImage url={design?.pageImages.invite} />
          <JoinForm
            invite={data}
            query={query}
            redirectPath={forward.get('redirectPath') ?? undefined}
            onJoined={enter}
            onInviteGone={(gone) => navigate(invalidInvitePath(gone))}
          />
        </>
      )}
    </Container>
  );
}
