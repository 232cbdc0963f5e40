import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toast area (SPEC §8 alerts), loaded by ToastHost with the first toast. */
export default function Toasts() {
  return <Notifications position="top-center" />;
}
