import { Navigate, useLocation, useParams } from 'react-router';
import { MemberPaidHistory, paidHistoryPath, paidHistorySubpages, type PaidHistorySubpage } from '../components/member-paid-history';

/** SPEC §2 /admin/user/:userId/paid_history (subpages subscription, one_time); the bare path opens subscriptions. */
function UserPaidHistoryPage() {
  const { userId = '' } = useParams();
  const { pathname, search } = useLocation();
  const last = pathname.replace(/\/$/, '').split('/').pop() ?? '';
  const subpage = (paidHistorySubpages as readonly string[]).includes(last) ? (last as PaidHistorySubpage) : undefined;
  if (!subpage) return <Navigate to={`${paidHistoryPath(userId, 'subscription')}${search}`} replace />;
  return <MemberPaidHistory userId={userId} subpage={subpage} />;
}

export { UserPaidHistoryPage as Component };
