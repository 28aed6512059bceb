import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Button, Space } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { errorMessage } from '../api/client.ts';
import { useT } from '../i18n/index.ts';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|import/i.test(error.message);
}

/** What a failed render shows: the reason and a way back, never a blank page. */
export function ErrorFallback({ error }: { error: unknown }) {
  const t = useT();
  return (
    // Laid out like antd's Result (status "error") without its illustrations, which every page
    // would otherwise load up front.
    <div className="error-fallback" role="alert" data-testid="error-fallback">
      <CloseCircleFilled className="error-fallback-icon" />
      <h3 className="error-fallback-title">{t('error.title')}</h3>
      <div className="error-fallback-subtitle">{isChunkLoadError(error) ? t('error.chunk') : errorMessage(error)}</div>
      <Space>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
        <Button onClick={() => window.location.assign('/')}>{t('common.home')}</Button>
      </Space>
    </div>
  );
}

/** Errors thrown while rendering a route (the router catches them before the boundary below). */
export function RouteErrorFallback() {
  return <ErrorFallback error={useRouteError()} />;
}

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
}

/** The app's one error boundary, around everything the router does not cover. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn('Render failed', error, info.componentStack);
  }

  render() {
    return this.state.error === null ? this.props.children : <ErrorFallback error={this.state.error} />;
  }
}
