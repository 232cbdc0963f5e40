/** SPEC §8: success alerts stay 3 seconds, error alerts 6 seconds. */
const TOAST_SUCCESS_MS = 3000;
const TOAST_ERROR_MS = 6000;

// The toast area mounts with the first toast (components/toast-host.tsx), so no page's first load carries it.
let wanted = false;
const listeners = new Set<() => void>();
export const toastHostWanted = () => wanted;
export function subscribeToastHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type ShowOptions = { title?: string; message: string; color: string; autoClose: number };
function show(options: ShowOptions): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(options));
}

export const toast = {
  success(message: string): void {
    show({ message, color: 'teal', autoClose: TOAST_SUCCESS_MS });
  },
  /** `detail` adds what to do next under the message. */
  error(message: string, detail?: string): void {
    show({ title: detail ? message : undefined, message: detail ?? message, color: 'red', autoClose: TOAST_ERROR_MS });
  },
};
