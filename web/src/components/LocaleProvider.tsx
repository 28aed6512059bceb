import type { ReactNode } from 'react';
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useLanguage, type Language } from '../i18n/index.ts';

const ANTD_LOCALES = { en: enUS, zh: zhCN } satisfies Record<Language, ConfigProviderProps['locale']>;
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', zh: 'zh-cn' };

/**
 * antd's own texts (pagination, empty tables, date pickers, OK/Cancel) and the calendars' month
 * and day names in the chosen language.
 */
export function LocaleProvider({ children, ...config }: Omit<ConfigProviderProps, 'locale'> & { children: ReactNode }) {
  const language = useLanguage();
  // Before the pickers and calendars below render: they read dayjs's global locale.
  dayjs.locale(DAYJS_LOCALES[language]);
  return (
    <ConfigProvider {...config} locale={ANTD_LOCALES[language]}>
      {children}
    </ConfigProvider>
  );
}
