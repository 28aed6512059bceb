// The judges' unanswered questions on every admin page (issue 30, defect 7): the header's badge
// counts them and a question asked meanwhile is toasted wherever the judge is (the Clarifications
// screen toasts its own). Read when an admin page opens and every POLL_MS (as the contestants'
// clarifications are polled without a stream): not from a live stream, which every admin page
// would then hold open (the Clarifications screen itself follows the stream).
import { useEffect, useRef, useState } from 'react';
import { adminClarificationApi, type JudgeClarification } from '../../api/clarifications.ts';
import { toast } from '../../feedback.ts';
import { t } from '../../i18n/index.ts';
import { useInterval } from '../../lib/useInterval.ts';
import { askerLabel, highestId, newQuestions, unansweredQueue } from './logic/clarifications.ts';

const POLL_MS = 10_000;

/** The unanswered questions, oldest first; `toastNews` false where the page toasts them itself. */
export function useUnansweredQuestions(toastNews: boolean, openQueue: () => void): JudgeClarification[] {
  const [queue, setQueue] = useState<JudgeClarification[]>([]);
  const knownUpTo = useRef<number | null>(null);
  const toastRef = useRef({ toastNews, openQueue });
  toastRef.current = { toastNews, openQueue };

  const read = () =>
    adminClarificationApi.list({ status: 'unanswered' }).then(
      (items) => {
        const fresh = newQuestions(items, knownUpTo.current);
        knownUpTo.current = Math.max(knownUpTo.current ?? 0, highestId(items));
        setQueue(unansweredQueue(items));
        const { toastNews: toasting, openQueue: open } = toastRef.current;
        if (!toasting || fresh.length === 0) return;
        toast({
          key: 'judge-question',
          title: fresh.length === 1 ? t('judgeClar.newFrom', { asker: askerLabel(fresh[0]) }) : t('judgeClar.newCount', { count: fresh.length }),
          description: fresh.length === 1 ? fresh[0].text.slice(0, 120) : t('judgeClar.atQueueEnd'),
          onClick: open,
          testId: 'judge-question-toast',
        });
      },
      () => undefined, // the badge waits for the next read; the Clarifications screen reports failures
    );

  useEffect(() => {
    void read();
    // Once per admin area visit.
  }, []);
  useInterval(() => void read(), POLL_MS);
  return queue;
}
