import { CouponList } from '../components/coupon-list';

/** SPEC §2 /admin/stripe/coupon. */
function CouponListPage() {
  return <CouponList />;
}

export { CouponListPage as Component };
