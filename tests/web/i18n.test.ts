// The language switch's catalogues (issue 17, item 7): English and Chinese hold the same keys,
// no text is empty, each fills in the same values, each is in its own language, and the server's
// refusals read in Chinese by their words or their code.
import assert from 'node:assert/strict';
import { ErrorKinds, USER_MESSAGES, type ErrorName } from '@verdict/shared';
import { en, type MessageKey } from '../../web/src/i18n/en.ts';
import { zh } from '../../web/src/i18n/zh.ts';
import { getLanguage, languageFromBrowser, languageReady, messagesOf, setLanguage, t, tn, type Language } from '../../web/src/i18n/index.ts';
import { serverMessage } from '../../web/src/i18n/server-messages.ts';
import { ApiError, errorMessage } from '../../web/src/api/client.ts';

const keysOf = (catalogue: Record<string, string>) => Object.keys(catalogue).sort();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

/** Runs `body` with the app in `language`, then back in English (the default under Node). */
async function inLanguage(language: Language, body: () => void): Promise<void> {
  await setLanguage(language);
  try {
    body();
  } finally {
    await setLanguage('en');
  }
}

describe('web: the English and Chinese catalogues', () => {
  it('have the same keys', () => {
    const english = keysOf(en);
    const chinese = keysOf(zh);
    assert.deepEqual(
      english.filter((key) => !(key in zh)),
      [],
      'keys missing in Chinese',
    );
    assert.deepEqual(
      chinese.filter((key) => !(key in en)),
      [],
      'keys only in Chinese',
    );
    assert.equal(english.length, chinese.length);
  });

  it('have no empty text', () => {
    for (const [name, catalogue] of [['en', en], ['zh', zh]] as const) {
      const empty = Object.entries(catalogue).filter(([, text]) => typeof text !== 'string' || text.trim() === '');
      assert.deepEqual(empty, [], `empty texts in ${name}`);
    }
  });

  it('fill in the same values in both languages', () => {
    const differ = (Object.keys(en) as MessageKey[]).filter((key) => placeholders(en[key]).join() !== placeholders(zh[key]).join());
    assert.deepEqual(differ, []);
  });

  it('are each in their own language: no Chinese in English, Chinese in every Chinese sentence', () => {
    assert.deepEqual(
      Object.entries(en).filter(([, text]) => CJK.test(text)),
      [],
    );
    // Texts made only of names, codes and numbers (PDF, ID, KB, "{value} MB") read the same in both.
    const untranslated = (Object.keys(en) as MessageKey[]).filter((key) => /[a-z]{3}/.test(en[key].replace(/\{\w+\}/g, '')) && !CJK.test(zh[key]));
    assert.deepEqual(untranslated, []);
  });

  it("keep the spec's exact English messages", () => {
    assert.equal(en['validation.selectLanguage'], 'Please select a language!');
    assert.equal(en['validation.noContestSelected'], 'No contests selected!');
    assert.equal(en['contest.notStarted'], 'The contest has not started yet.');
    assert.equal(en['board.adminProblemsFailed'], 'Falied to get selected problem list');
    assert.equal(en['admin.uploadFormat'], 'File format not supported. Please upload zip files.');
    assert.equal(en['user.passwordMismatch'], USER_MESSAGES.passwordMismatch);
    assert.equal(en['common.networkError'], 'Backend Interface Error!');
  });
});

describe('web: choosing the language', () => {
  it("follows the browser's first language the app speaks, else English", () => {
    assert.equal(languageFromBrowser(['zh-CN', 'en-US']), 'zh');
    assert.equal(languageFromBrowser(['zh-TW']), 'zh');
    assert.equal(languageFromBrowser(['en-GB', 'zh-CN']), 'en');
    assert.equal(languageFromBrowser(['fr-FR', 'zh-CN']), 'zh');
    assert.equal(languageFromBrowser(['fr-FR', 'de']), 'en');
    assert.equal(languageFromBrowser([]), 'en');
  });

  it('is English outside a browser, and every text follows a switch', async () => {
    await languageReady;
    assert.equal(getLanguage(), 'en');
    const messages = messagesOf({ captcha: 'validation.wrongCaptcha' });
    assert.equal(messages.captcha, 'Wrong captcha');
    await inLanguage('zh', () => {
      assert.equal(messages.captcha, '验证码错误');
      assert.equal(t('register.failed', { message: 'x' }), '注册失败！x');
    });
    assert.equal(t('register.failed', { message: 'x' }), 'Register Failure! x');
  });

  it('says one and many in English', async () => {
    assert.equal(tn('board.tries', 1), '1 try');
    assert.equal(tn('board.tries', 3), '3 tries');
    await inLanguage('zh', () => assert.equal(tn('board.tries', 3), '3 次尝试'));
  });
});

describe("web: the server's refusals in the chosen language", () => {
  const refusal = (name: ErrorName, message?: string) => ({ code: ErrorKinds[name].code, message: message ?? ErrorKinds[name].message });

  it("shows the server's own words in English", () => {
    const tooFast = refusal('RATE_LIMITED', 'You are submitting too fast: please wait 3 s before submitting again.');
    assert.equal(serverMessage(tooFast), tooFast.message);
    assert.equal(serverMessage(refusal('VALIDATION', 'Unknown field "x"')), 'Unknown field "x"');
  });

  it('translates known words, patterns with their numbers, and otherwise the code', async () => {
    await inLanguage('zh', () => {
      assert.equal(serverMessage(refusal('NOT_MEMBER')), '你不是这场比赛的参赛者');
      assert.equal(serverMessage(refusal('WRONG_CAPTCHA')), '验证码错误');
      assert.equal(serverMessage(refusal('CONFLICT', 'Username already exists')), '用户名已存在');
      assert.equal(serverMessage(refusal('VALIDATION', USER_MESSAGES.nicknameRequired)), '昵称不能为空！');
      assert.equal(
        serverMessage(refusal('RATE_LIMITED', 'A code was sent to this address less than a minute ago; please wait 42 s before asking again')),
        '一分钟内已向该邮箱发送过验证码，请等待 42 秒后再试',
      );
      // A message the catalogue does not know: the text of its code.
      assert.equal(serverMessage(refusal('VALIDATION', 'Something new the server says')), '请求无效');
      assert.equal(serverMessage(refusal('NOT_FOUND', 'No such API: GET /api/x')), '未找到');
      // An unknown code: the server's words.
      assert.equal(serverMessage({ code: 4242, message: 'Teapot' }), 'Teapot');
    });
  });

  it('is what errorMessage shows, the network failure included', async () => {
    const notMember = new ApiError(ErrorKinds.NOT_MEMBER.message, ErrorKinds.NOT_MEMBER.code, 403);
    const offline = new ApiError('cannot reach the server', -1, 0);
    assert.equal(errorMessage(notMember), ErrorKinds.NOT_MEMBER.message);
    assert.equal(errorMessage(offline), 'Backend Interface Error!');
    await inLanguage('zh', () => {
      assert.equal(errorMessage(notMember), '你不是这场比赛的参赛者');
      assert.equal(errorMessage(offline), '后端接口调用失败！');
    });
  });
});
