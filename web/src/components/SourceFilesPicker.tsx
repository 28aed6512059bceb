// Choosing source files from disk for the problem page: one file is loaded into the editor,
// several make a submission of several files (POST /api/submit `files`), listed as tags.
import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography, Upload } from 'antd';
import { notify } from '../feedback.ts';
import { pickedFilesProblem, type PickedFile } from '../lib/sourceFiles.ts';
import { useT } from '../i18n/index.ts';

export type { PickedFile };

interface Props {
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  /** One file chosen: its text goes to the editor instead. */
  onSingle: (file: PickedFile) => void;
  disabled?: boolean;
}

export function SourceFilesPicker({ files, onChange, onSingle, disabled }: Props) {
  const t = useT();
  let batch: File[] = [];
  const readAll = async (chosen: File[]) => {
    const read = await Promise.all(chosen.map(async (f) => ({ name: f.name, content: await f.text() })));
    if (read.length === 1 && files.length === 0) {
      onSingle(read[0]);
      return;
    }
    const merged = [...files.filter((f) => !read.some((r) => r.name === f.name)), ...read];
    const problem = pickedFilesProblem(merged);
    if (problem) notify.error(problem);
    else onChange(merged);
  };
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Upload
        multiple
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file, list) => {
          // Called once per file with the whole selection: read it once, at its last file.
          batch = list;
          if (file === list[list.length - 1]) void readAll(batch);
          return false;
        }}
      >
        <Button icon={<PaperClipOutlined />} disabled={disabled} data-testid="pick-files" title={t('files.title')}>
          {t('files.button')}
        </Button>
      </Upload>
      {files.length > 0 && (
        <div data-testid="picked-files">
          <Typography.Text type="secondary">{t('files.together', { count: files.length })}</Typography.Text>
          {files.map((f) => (
            <Tag key={f.name} closable onClose={() => onChange(files.filter((x) => x.name !== f.name))}>
              {f.name}
            </Tag>
          ))}
        </div>
      )}
    </Space>
  );
}
