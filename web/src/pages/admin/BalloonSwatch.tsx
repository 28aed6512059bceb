import { Space, Tooltip } from 'antd';
import { colorLabel } from './logic/problemColors.ts';
import { useT } from '../../i18n/index.ts';

interface Props {
  color: string | null;
  colorName: string | null;
  /** Height in pixels; the balloon is drawn two thirds as wide. */
  size?: number;
  /** Show the colour's name (or hex) beside the balloon. */
  withLabel?: boolean;
}

/** A balloon drawn in the problem's colour; a dashed outline when the problem has none. */
export function BalloonSwatch({ color, colorName, size = 28, withLabel = false }: Props) {
  const t = useT();
  const label = colorLabel({ color, colorName });
  const balloon = (
    <svg
      width={(size * 2) / 3}
      height={size}
      viewBox="0 0 20 30"
      role="img"
      aria-label={t('balloons.swatch', { label })}
      data-testid="balloon-swatch"
      data-color={color ?? ''}
      style={{ flex: 'none', display: 'block' }}
    >
      <ellipse cx="10" cy="10" rx="8.5" ry="9.5" fill={color ?? 'none'} stroke={color ? '#595959' : '#bfbfbf'} strokeWidth="1" strokeDasharray={color ? undefined : '2 2'} />
      <path d="M8.5 19.3 L10 21.3 L11.5 19.3 Z" fill={color ?? 'none'} stroke={color ? '#595959' : '#bfbfbf'} strokeWidth="0.8" />
      <path d="M10 21.3 C 7 24, 13 26, 10 29.5" fill="none" stroke="#8c8c8c" strokeWidth="0.8" />
    </svg>
  );
  if (!withLabel) return <Tooltip title={label}>{balloon}</Tooltip>;
  return (
    <Space size={6} align="center">
      {balloon}
      <span data-testid="balloon-color-label">{label}</span>
    </Space>
  );
}
