import { CouponCreate } from '../components/coupon-create';

/** SPEC §2 /admin/stripe/coupon/create. */
function CouponCreatePage() {
  return <CouponCreate />;
}

export { CouponCreatePage as Component };
