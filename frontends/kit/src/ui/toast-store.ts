import { createStore } from '../store';

export type ToastSeverity = 'success' | 'danger' | 'warning' | 'info';

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

export const toastStore = createStore<Toast[]>([]);
let next = 1;

function show(message: string, severity: ToastSeverity): void {
  if (!message) return;
  toastStore.set([...toastStore.get(), { id: next++, message, severity }]);
}

/** Toasts: shown by the one host the shell mounts, hidden after 5 s. */
export const toast = {
  success: (message: string) => show(message, 'success'),
  danger: (message: string) => show(message, 'danger'),
  warning: (message: string) => show(message, 'warning'),
  info: (message: string) => show(message, 'info'),
  dismiss(id: number) {
    toastStore.set(toastStore.get().filter((t) => t.id !== id));
  },
};
