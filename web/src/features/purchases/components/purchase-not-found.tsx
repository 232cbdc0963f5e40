import { Button } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageMessage } from '../../../components/content-page-parts';
import { useTranslation } from '../../../lib/i18n';

export type PurchaseObject = 'product' | 'price';

/**
 * SPEC §2/§8 not-found pages for a product and a price: one that does not exist, is another team's or is no longer
 * sold (the server's `product/not_found`, `price/not_found`). Says so, reveals nothing, and offers the way back.
 */
export function PurchaseNotFound({ kind, backTo, order = 1 }: { kind: PurchaseObject; backTo: string; order?: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <PageMessage order={order} title={t(`purchases:notFound.${kind}`)} body={t('purchases:notFound.body')} icon={<IconMoodEmpty size={40} aria-hidden />}>
      <Button component={Link} to={backTo} variant="default" w="fit-content">
        {t('purchases:notFound.back')}
      </Button>
    </PageMessage>
  );
}

/** `<area base>/not_found/<product|price>`: the page a member or visitor is sent to (routes in router.tsx). */
export const purchaseNotFoundPath = (base: string, kind: PurchaseObject) => `${base}/not_found/${kind}`;

/** `/user/:teamId` or `/catalog/:teamId` of a path in either area (undefined for any other path). */
export const areaBaseOf = (path: string): string | undefined => /^\/(?:user|catalog)\/[^/?#]+/.exec(path)?.[0];
