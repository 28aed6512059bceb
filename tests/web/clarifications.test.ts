import assert from 'node:assert/strict';
import { CLARIFICATION_LIMITS } from '@verdict/shared';
import type { Clarification, JudgeClarification } from '../../web/src/api/clarifications.ts';
import {
  excerpt,
  headline,
  isNotice,
  mergeClarifications,
  newestFirst,
  newestVersion,
  noticesToAnnounce,
  problemLabel,
  questionProblem,
  toastContent,
  unseenNotices,
} from '../../web/src/lib/clarifications.ts';
import { askerLabel, audienceLabel, newQuestions, unansweredQueue } from '../../web/src/pages/admin/logic/clarifications.ts';

function item(fields: Partial<Clarification> & Pick<Clarification, 'id' | 'version'>): Clarification {
  return {
    contestId: 1,
    kind: 'question',
    problemId: null,
    problemLetter: null,
    problemTitle: '',
    text: `question ${fields.id}`,
    answer: null,
    visibility: 'private',
    mine: true,
    createTime: '2026-03-01 10:00:00',
    answerTime: null,
    ...fields,
  };
}

const waiting = item({ id: 1, version: 5 });
const answered = item({ id: 2, version: 7, answer: 'Yes', answerTime: '2026-03-01 10:05:00' });
const everyone = item({ id: 3, version: 9, mine: false, visibility: 'public', answer: 'No' });
const announcement = item({ id: 4, version: 8, kind: 'announcement', mine: false, visibility: 'public', text: 'Thirty minutes left', problemLetter: 'B', problemTitle: 'Bananas' });

describe('web: clarifications as a contestant reads them', () => {
  it('counts answers and announcements as news, not the reader\'s own waiting question', () => {
    assert.equal(isNotice(waiting), false);
    assert.equal(isNotice(answered), true);
    assert.equal(isNotice(everyone), true);
    assert.equal(isNotice(announcement), true);
  });

  it('is unseen when changed after the seen version', () => {
    const all = [waiting, answered, everyone, announcement];
    assert.deepEqual(unseenNotices(all, 0).map((c) => c.id), [2, 3, 4]);
    assert.deepEqual(unseenNotices(all, 7).map((c) => c.id), [3, 4]);
    assert.deepEqual(unseenNotices(all, 9), []);
    assert.equal(newestVersion(all), 9);
    assert.equal(newestVersion([]), 0);
  });

  it('announces nothing on the first look, then only what is newer than both the seen and the announced marks', () => {
    const all = [waiting, answered, everyone, announcement];
    assert.deepEqual(noticesToAnnounce(all, 0, null), [], 'opening a page never replays old news');
    assert.deepEqual(noticesToAnnounce(all, 0, 7).map((c) => c.id), [3, 4]);
    assert.deepEqual(noticesToAnnounce(all, 8, 7).map((c) => c.id), [3], 'seen already: not announced');
    assert.deepEqual(noticesToAnnounce(all, 0, 9), [], 'announced already: not again');
    // Re-answering bumps the version: the same question is news again.
    const reanswered = { ...answered, version: 12, answer: 'Actually no' };
    assert.deepEqual(noticesToAnnounce([waiting, reanswered], 0, 9).map((c) => c.version), [12]);
  });

  it('replaces the list with a poll, and merges pushed items by id keeping the newer version', () => {
    assert.deepEqual(mergeClarifications([waiting, answered], [everyone, waiting], true).map((c) => c.id), [1, 3]);
    const pushed = mergeClarifications([waiting, answered], [{ ...waiting, version: 11, answer: 'Sure' }, announcement], false);
    assert.deepEqual(pushed.map((c) => [c.id, c.version]), [[1, 11], [2, 7], [4, 8]]);
    const stale = mergeClarifications(pushed, [{ ...waiting, version: 5 }], false);
    assert.equal(stale[0].version, 11, 'an older copy arriving late changes nothing');
  });

  it('lists the newest change first', () => {
    assert.deepEqual(newestFirst([waiting, answered, everyone, announcement]).map((c) => c.id), [3, 4, 2, 1]);
  });

  it('labels problems, kinds and toasts', () => {
    assert.equal(problemLabel(announcement), 'Problem B — Bananas');
    assert.equal(problemLabel({ problemLetter: 'A', problemTitle: '' }), 'Problem A');
    assert.equal(problemLabel(waiting), 'General');
    assert.equal(headline(announcement), 'Announcement');
    assert.equal(headline(waiting), 'Your question (waiting for an answer)');
    assert.equal(headline(answered), 'Your question, answered');
    assert.equal(headline({ ...answered, visibility: 'public' }), 'Your question, answered for everyone');
    assert.equal(headline(everyone), 'Answer to everyone');
    assert.deepEqual(toastContent([announcement]), { title: 'Announcement', description: 'Problem B — Bananas: Thirty minutes left' });
    assert.deepEqual(toastContent([answered]), { title: 'Your question, answered', description: 'General: Yes' });
    assert.deepEqual(toastContent([answered, everyone, announcement]), {
      title: '3 new clarifications',
      description: '1 announcement and 2 answers. Open Clarifications to read them.',
    });
    assert.equal(excerpt('a\n\n b  c'), 'a b c');
    assert.equal(excerpt('x'.repeat(200), 10), `${'x'.repeat(9)}…`);
  });

  it('checks a question with the server\'s limits and messages', () => {
    assert.equal(questionProblem(''), 'Please write your question');
    assert.equal(questionProblem('   \n '), 'Please write your question');
    assert.equal(questionProblem(undefined), 'Please write your question');
    assert.equal(questionProblem('x'.repeat(CLARIFICATION_LIMITS.questionMax)), null);
    assert.equal(questionProblem('x'.repeat(CLARIFICATION_LIMITS.questionMax + 1)), `Your question is too long: at most ${CLARIFICATION_LIMITS.questionMax} characters`);
  });
});

describe('web: the judges\' clarification screen', () => {
  const judged = (fields: Partial<JudgeClarification> & Pick<JudgeClarification, 'id'>): JudgeClarification => ({
    ...item({ version: fields.id, mine: false, ...fields }),
    contestTitle: 'Cup',
    userId: 7,
    username: 'alice',
    nickname: 'alice',
    answeredBy: null,
    ...fields,
  });

  it('queues unanswered questions oldest first and finds the ones asked since the last look', () => {
    const rows = [judged({ id: 5 }), judged({ id: 2 }), judged({ id: 3, answer: 'ok' }), judged({ id: 4, kind: 'announcement', userId: null, username: null, nickname: null })];
    assert.deepEqual(unansweredQueue(rows).map((c) => c.id), [2, 5]);
    assert.deepEqual(newQuestions(rows, null), [], 'the first look only sets the mark');
    assert.deepEqual(newQuestions(rows, 4).map((c) => c.id), [5]);
    assert.deepEqual(newQuestions(rows, 5), []);
  });

  it('names the asker and the audience', () => {
    assert.equal(askerLabel(judged({ id: 1 })), 'alice');
    assert.equal(askerLabel(judged({ id: 1, nickname: 'Alice L.' })), 'alice (Alice L.)');
    assert.equal(askerLabel(judged({ id: 1, kind: 'announcement', username: null })), '—');
    assert.equal(audienceLabel(judged({ id: 1 })), '');
    assert.equal(audienceLabel(judged({ id: 1, answer: 'x' })), 'Asker only');
    assert.equal(audienceLabel(judged({ id: 1, answer: 'x', visibility: 'public' })), 'Everyone');
    assert.equal(audienceLabel(judged({ id: 1, kind: 'announcement' })), 'Everyone');
  });
});
