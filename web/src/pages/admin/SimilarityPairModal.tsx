import { Modal, Space, Spin, Tag, Typography } from 'antd';
import { errorMessage } from '../../api/client.ts';
import { similarityApi, type SimilarityPairDetail } from '../../api/similarity.ts';
import { notify } from '../../feedback.ts';
import { useRequest } from '../../lib/useRequest.ts';
import { useT } from '../../i18n/index.ts';
import { highlightedSegments } from './logic/similarity.ts';

/** Colours of the shared fragments: the same fragment has the same colour on both sides. */
const FRAGMENT_COLOURS = ['#ffe58f', '#b7eb8f', '#91caff', '#ffadd2', '#d3adf7', '#87e8de', '#ffd591', '#eaff8f'];

function Source({ text, spans, side }: { text: string; spans: { start: number; end: number }[]; side: 'a' | 'b' }) {
  return (
    <pre className="similarity-source" data-testid={`similarity-source-${side}`} style={{ margin: 0, maxHeight: '65vh', overflow: 'auto', fontSize: 12, background: '#fafafa', padding: 8 }}>
      {highlightedSegments(text, spans).map((seg, i) =>
        seg.fragment === null ? (
          <span key={i}>{seg.text}</span>
        ) : (
          <mark key={i} data-fragment={seg.fragment} style={{ background: FRAGMENT_COLOURS[seg.fragment % FRAGMENT_COLOURS.length], padding: 0 }}>
            {seg.text}
          </mark>
        ),
      )}
    </pre>
  );
}

/** One pair side by side, the shared fragments highlighted in matching colours. */
export function SimilarityPairModal({ pairId, onClose }: { pairId: number | undefined; onClose: () => void }) {
  const t = useT();
  const { data: pair, loading } = useRequest<SimilarityPairDetail | null>(() => (pairId === undefined ? Promise.resolve(null) : similarityApi.pair(pairId)), {
    initial: null,
    onError: (err) => notify.error(t('similarity.failed', { message: errorMessage(err) })),
    deps: [pairId],
  });
  const side = (who: SimilarityPairDetail['userA']) => (
    <Space wrap>
      <Typography.Text strong>{who.username}</Typography.Text>
      <Tag>{who.language}</Tag>
      <Typography.Text type="secondary">{t('similarity.submissionOf', { id: who.submissionId, count: who.submissions })}</Typography.Text>
    </Space>
  );
  return (
    <Modal open={pairId !== undefined} onCancel={onClose} footer={null} width="95vw" title={pair ? t('similarity.pairTitle', { letter: pair.letter, similarity: `${(pair.similarity * 100).toFixed(1)}%` }) : ''} destroyOnHidden>
      {loading || !pair || pair.pairId !== pairId ? (
        <Spin />
      ) : (
        <div data-testid="similarity-side-by-side">
          <Typography.Paragraph type="secondary">
            {t('similarity.fragments', { count: pair.fragments.length, longest: pair.longestFragment })}
            {pair.fallback ? <Tag color="orange" style={{ marginLeft: 8 }}>{t('similarity.generic')}</Tag> : null}
          </Typography.Paragraph>
          <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 12 }}>
            <div>
              {side(pair.userA)}
              <Source side="a" text={pair.sourceA} spans={pair.fragments.map((f) => f.a)} />
            </div>
            <div>
              {side(pair.userB)}
              <Source side="b" text={pair.sourceB} spans={pair.fragments.map((f) => f.b)} />
            </div>
          </div>
        </div>
      )}
    </Modal>
  );
}
