// What every management table shares: spec §9's table height of 620, ten rows a page, and
// (for tables with bulk delete) row selection by id.
import type { Key } from 'react';
import { t } from '../../i18n/index.ts';

export const MANAGEMENT_TABLE = {
  pagination: { pageSize: 10, showSizeChanger: false },
  scroll: { y: 620, x: 'max-content' as const },
};

export function selectableTable(selected: number[], setSelected: (ids: number[]) => void) {
  return {
    ...MANAGEMENT_TABLE,
    rowSelection: {
      selectedRowKeys: selected,
      onChange: (keys: Key[]) => setSelected(keys as number[]),
      // Each box named for screen readers (the header's "select all" is antd's own).
      getCheckboxProps: (row: { id: number }) => ({ title: t('common.selectRow', { id: row.id }) }),
    },
  };
}
