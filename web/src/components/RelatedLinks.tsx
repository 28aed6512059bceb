import { useState } from 'react';
import { Card, List, Typography } from 'antd';
import { pickRandom, RELATED_LINKS, RELATED_LINKS_SHOWN } from '../lib/relatedLinks.ts';
import { useT } from '../i18n/index.ts';

/** A card with five random coding-practice sites of the nineteen; More reshuffles. */
export function RelatedLinks() {
  const t = useT();
  const [links, setLinks] = useState(() => pickRandom(RELATED_LINKS, RELATED_LINKS_SHOWN));
  return (
    <Card
      title={t('links.title')}
      size="small"
      extra={
        <Typography.Link
          data-testid="related-more"
          onClick={() => setLinks(pickRandom(RELATED_LINKS, RELATED_LINKS_SHOWN))}
        >
          {t('links.more')}
        </Typography.Link>
      }
    >
      <List
        size="small"
        dataSource={links}
        renderItem={(link) => (
          <List.Item>
            <a href={link.url} target="_blank" rel="noopener noreferrer">
              {link.name}
            </a>
          </List.Item>
        )}
      />
    </Card>
  );
}
