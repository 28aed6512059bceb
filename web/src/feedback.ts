// Messages and confirmation dialogs usable from any module (API callbacks, guards, pages),
// bound to antd's <App> context by <FeedbackBridge/> so they follow the theme.

import { App, message as staticMessage, Modal } from 'antd';
import type { ReactNode } from 'react';

type AppApi = ReturnType<typeof App.useApp>;

let app: AppApi | null = null;

export function bindFeedback(api: AppApi): void {
  app = api;
}

const messageApi = () => app?.message ?? staticMessage;

export const notify = {
  success: (content: ReactNode) => void messageApi().success(content),
  error: (content: ReactNode) => void messageApi().error(content),
  warning: (content: ReactNode) => void messageApi().warning(content),
  info: (content: ReactNode) => void messageApi().info(content),
};

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  cancelText?: string;
}

/** Resolves true when the user confirms, false when they cancel or close the dialog. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  const modal = app?.modal ?? Modal;
  return new Promise((resolve) => {
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText ?? 'Confirm',
      cancelText: options.cancelText ?? 'Cancel',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
