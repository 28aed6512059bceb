import type { ReactNode } from 'react';
import { Button } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/index.ts';

interface Props {
  /** What the buttons act on, for their test ids: `add-<one>` and `delete-<many>`. */
  one: string;
  many: string;
  onAdd: () => void;
  onDelete: () => void;
  /** More buttons after these two. */
  children?: ReactNode;
}

/** The Add and Delete selected buttons above every management table. */
export function AddDeleteToolbar({ one, many, onAdd, onDelete, children }: Props) {
  const t = useT();
  return (
    <div className="admin-toolbar" style={{ marginTop: 12 }}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={`add-${one}`}>
        {t('common.add')}
      </Button>
      <Button danger icon={<DeleteOutlined />} onClick={onDelete} data-testid={`delete-${many}`}>
        {t('common.deleteSelected')}
      </Button>
      {children}
    </div>
  );
}
