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
import { makeMeasureRowsInert } from './lib/inertMeasureRows.ts';

const router = createAppRouter();
makeMeasureRowsInert();

/**
 * Colours with WCAG AA contrast on white (issue 30, accessibility): antd's primary blue #1677ff is
 * 4.1:1 and its grey secondary text 3.36:1; these are antd's darker steps of the same hues.
 */
const ACCESSIBLE_THEME = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#cf1322',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextQuaternary: 'rgba(0, 0, 0, 0.56)',
  },
};

// The first screen is drawn in the chosen language (its texts may be a chunk to fetch first).
void languageReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LocaleProvider theme={ACCESSIBLE_THEME}>
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
