import { createStore } from '../store';

export interface DialogRequest {
  kind: 'ok' | 'confirm';
  message: string;
  title?: string;
  onConfirm?: () => void;
}

export const dialogStore = createStore<DialogRequest | null>(null);
/** The login-to-continue dialog, opened when someone acts while logged out. */
export const loginDialogStore = createStore(false);

export const dialogs = {
  /** An OK dialog with a message (a 400 with empty data). */
  alert(message: string, title?: string) {
    dialogStore.set({ kind: 'ok', message, title });
  },
  /** A confirm dialog (a 400 with err_type modal). */
  confirm(message: string, onConfirm?: () => void, title?: string) {
    dialogStore.set({ kind: 'confirm', message, onConfirm, title });
  },
  close() {
    dialogStore.set(null);
  },
  loginToContinue(open = true) {
    loginDialogStore.set(open);
  },
};
