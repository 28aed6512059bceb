import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import 'katex/dist/katex.min.css';
import './global.css';
import { createAppRouter } from './routes.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { FeedbackBridge } from './components/FeedbackBridge.tsx';

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: '#1677ff' } }}>
      <AntApp>
        <FeedbackBridge />
        <ErrorBoundary>
          <RouterProvider router={router} />
        </ErrorBoundary>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
