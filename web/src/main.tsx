import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { App as AntApp } from 'antd';
import './global.css';
import { createAppRouter } from './routes.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { FeedbackBridge } from './components/FeedbackBridge.tsx';
import { LocaleProvider } from './components/LocaleProvider.tsx';
import { languageReady } from './i18n/index.ts';

const router = createAppRouter();

// The first screen is drawn in the chosen language (its texts may be a chunk to fetch first).
void languageReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LocaleProvider theme={{ token: { colorPrimary: '#1677ff' } }}>
        <AntApp>
          <FeedbackBridge />
          <ErrorBoundary>
            <RouterProvider router={router} />
          </ErrorBoundary>
        </AntApp>
      </LocaleProvider>
    </StrictMode>,
  ),
);
