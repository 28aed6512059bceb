import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Button, Result } from 'antd';
import { errorMessage } from '../api/client.ts';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|import/i.test(error.message);
}

/** What a failed render shows: the reason and a way back, never a blank page. */
export function ErrorFallback({ error }: { error: unknown }) {
  return (
    <Result
      status="error"
      title="Something went wrong"
      subTitle={
        isChunkLoadError(error)
          ? 'The page could not be loaded. Check the connection and reload.'
          : errorMessage(error)
      }
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>,
        <Button key="home" onClick={() => window.location.assign('/')}>
          Home
        </Button>,
      ]}
    />
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
