import assert from 'node:assert/strict';
import {
  checkChosenContest,
  checkPasswordChange,
  checkPersonInfo,
  checkSubmission,
  maskPassword,
} from '../../web/src/lib/validation.ts';
import { setLanguage } from '../../web/src/i18n/index.ts';

const good = { email: 'a@b.c', password: 'secret1', confirmPassword: 'secret1', code: '123456', captcha: 'abcd' };

describe('web: validation messages', () => {
  it('accepts a complete register or reset form', () => {
    assert.equal(checkPasswordChange(good), null);
  });

  // One language at a time (issue 17, item 7): the spec's words in English, Chinese in Chinese.
  const inBoth = async (check: () => string | null, english: string, chinese: string) => {
    assert.equal(check(), english);
    await setLanguage('zh');
    try {
      assert.equal(check(), chinese);
    } finally {
      await setLanguage('en');
    }
  };

  it('rejects an empty captcha as wrong captcha', async () => {
    await inBoth(() => checkPasswordChange({ ...good, captcha: ' ' }), 'Wrong captcha', '验证码错误');
  });

  it('rejects different passwords', async () => {
    await inBoth(() => checkPasswordChange({ ...good, confirmPassword: 'secret2' }), 'passwords inconsistent', '两次密码不一致');
  });

  it('rejects passwords under 6 characters', async () => {
    await inBoth(() => checkPasswordChange({ ...good, password: '12345', confirmPassword: '12345' }), 'password length must not be under 6', '密码长度不能小于6位');
  });

  it('requires the e-mail code', async () => {
    await inBoth(() => checkPasswordChange({ ...good, code: '' }), 'Please enter the e-mail code', '请输入邮箱验证码');
  });

  it('requires the username on the admin reset', async () => {
    await inBoth(() => checkPasswordChange({ ...good, requireUsername: true }), 'Please enter your username', '请输入用户名');
    assert.equal(checkPasswordChange({ ...good, requireUsername: true, username: 'root' }), null);
  });

  it('names the first empty personal-info field', () => {
    const info = { username: 'alice', nickname: 'Al', email: 'a@b.c', gender: 'female' };
    assert.equal(checkPersonInfo(info), null);
    assert.equal(checkPersonInfo({ ...info, username: '' }), 'Username cannot be empty!');
    assert.equal(checkPersonInfo({ ...info, nickname: ' ' }), 'Nickname cannot be empty!');
    assert.equal(checkPersonInfo({ ...info, email: '' }), 'Email cannot be empty!');
    assert.equal(checkPersonInfo({ ...info, gender: '' }), 'Gender cannot be empty!');
  });

  it('requires a language and non-blank code to submit', () => {
    assert.equal(checkSubmission('', 'int main(){}'), 'Please select a language!');
    assert.equal(checkSubmission('C++', '  \n '), 'Please enter your code!');
    assert.equal(checkSubmission('C++', 'int main(){}'), null);
  });

  it('says which contest item is not initialized', () => {
    const contest = { contestId: '3', title: 'Spring', startTime: '2026-01-01 10:00:00', endTime: '2026-01-01 12:00:00' };
    assert.equal(checkChosenContest(contest), null);
    assert.match(checkChosenContest({ ...contest, contestId: null }) ?? '', /^No contest selected! .*contest ID/);
    assert.match(checkChosenContest({ ...contest, title: '' }) ?? '', /^No contest selected! .*title/);
    assert.match(checkChosenContest({ ...contest, startTime: null }) ?? '', /^No contest selected! .*start time/);
    assert.match(checkChosenContest({ ...contest, endTime: null }) ?? '', /^No contest selected! .*end time/);
  });

  it('masks a password character by character', () => {
    assert.equal(maskPassword('abc123'), '******');
  });
});
