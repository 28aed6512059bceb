import { Segmented } from 'antd';
import { LANGUAGE_NAMES, LANGUAGES, setLanguage, useLanguage, useT, type Language } from '../i18n/index.ts';
import { notify } from '../feedback.ts';

/** English / 中文: every text of the app follows; the choice is remembered in this browser. */
export function LanguageSwitch() {
  const language = useLanguage();
  const t = useT();
  return (
    <Segmented<Language>
      size="small"
      value={language}
      // The Chinese texts are a chunk fetched on the first switch: offline, the page stays as it is.
      onChange={(language) => setLanguage(language).catch(() => notify.error(t('common.networkError')))}
      aria-label={t('common.language')}
      data-testid="language-switch"
      data-language={language}
      options={LANGUAGES.map((value) => ({
        value,
        label: (
          <span lang={value === 'zh' ? 'zh-CN' : 'en'} data-testid={`language-${value}`}>
            {LANGUAGE_NAMES[value]}
          </span>
        ),
      }))}
    />
  );
}
