import { App } from 'antd';
import { bindFeedback } from '../feedback.ts';

/** Renders nothing; hands antd's context-aware message and modal APIs to feedback.ts. */
export function FeedbackBridge() {
  bindFeedback(App.useApp());
  return null;
}
