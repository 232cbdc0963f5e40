import { Stack, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { InvoicePaymentLink } from '../components/invoice-payment-link';
import { PurchasedList } from '../components/purchased-list';
import { readInvoicePaymentLink, withoutInvoicePayment } from '../../../lib/invoice-payment-link';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /user/:teamId/purchased; with a bank-transfer link's query it opens the invoice dialog for that price. */
function PurchasedPage() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  const [query, setQuery] = useSearchParams();
  const invoiceLink = readInvoicePaymentLink(query);
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {t('purchases:purchased.title')}
      </Title>
      {invoiceLink && (
        <InvoicePaymentLink
          key={`${invoiceLink.price} ${invoiceLink.coupon ?? ''}`}
          price={invoiceLink.price}
          coupon={invoiceLink.coupon}
          // Done with the link: its query leaves the address, so a reload does not open the dialog again.
          onDone={() => setQuery(withoutInvoicePayment(query), { replace: true })}
        />
      )}
      <PurchasedList base={`/user/${encodeURIComponent(teamId)}`} />
    </Stack>
  );
}

export { PurchasedPage as Component };
