// Messages and confirmation dialogs usable from any module (API callbacks, guards, pages),
// bound to antd's <App> context by <FeedbackBridge/> so they follow the theme.

import { App, message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { ReactNode } from 'react';
import { t } from './i18n/index.ts';

type AppApi = ReturnType<typeof App.useApp>;

let app: AppApi | null = null;

export function bindFeedback(api: AppApi): void {
  app = api;
}

const messageApi = () => app?.message ?? staticMessage;

/** Until then, messages are dropped (a page going away after the session ended). */
let hushedUntil = 0;

type Level = 'success' | 'error' | 'warning' | 'info';

/**
 * The same text is one message, updated in place: a page that polls every few seconds and fails
 * each time shows its message once, never a stack of copies.
 */
function show(level: Level, content: ReactNode): void {
  if (Date.now() < hushedUntil) return;
  void messageApi()[level]({ content, key: typeof content === 'string' ? `${level}:${content}` : undefined });
}

export const notify = {
  success: (content: ReactNode) => show('success', content),
  error: (content: ReactNode) => show('error', content),
  warning: (content: ReactNode) => show('warning', content),
  info: (content: ReactNode) => show('info', content),
  /** Shows this one message and drops every other for `ms` (what failed because of it). */
  only(level: Level, content: ReactNode, ms: number): void {
    hushedUntil = 0;
    show(level, content);
    hushedUntil = Date.now() + ms;
  },
};

export interface ToastOptions {
  /** One toast per key: a newer one with the same key replaces it. */
  key: string;
  title: ReactNode;
  description?: ReactNode;
  /** Clicking the toast (e.g. to open what it announces); it closes as well. */
  onClick?: () => void;
  testId?: string;
}

/** A notification in the corner for news that arrives by itself (an answer, an announcement). */
export function toast(options: ToastOptions): void {
  const api = app?.notification ?? staticNotification;
  api.info({
    key: options.key,
    message: options.title,
    description: options.description,
    placement: 'topRight',
    duration: 10,
    onClick: options.onClick
      ? () => {
          api.destroy(options.key);
          options.onClick!();
        }
      : undefined,
    props: options.testId ? { 'data-testid': options.testId } : undefined,
    style: options.onClick ? { cursor: 'pointer' } : undefined,
  });
}

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
      okText: options.okText ?? t('common.confirm'),
      cancelText: options.cancelText ?? t('common.cancel'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
