import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configPath, normalizeServerUrl, readConfig, writeConfig } from '../../cli/src/config-file.ts';

describe('cli: config file', () => {
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-config-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lives under XDG_CONFIG_HOME, else ~/.config', () => {
    assert.equal(configPath({ XDG_CONFIG_HOME: '/x', HOME: '/home/u' }), '/x/verdict/config.json');
    assert.equal(configPath({ HOME: '/home/u' }), '/home/u/.config/verdict/config.json');
  });

  it('keys one server the same however its URL is written', () => {
    for (const url of ['http://judge.example.org:8080', 'http://judge.example.org:8080/', 'judge.example.org:8080', 'HTTP://Judge.Example.org:8080//']) {
      assert.equal(normalizeServerUrl(url), 'http://judge.example.org:8080', url);
    }
    assert.equal(normalizeServerUrl('https://oj.example.org/verdict/'), 'https://oj.example.org/verdict');
    assert.throws(() => normalizeServerUrl('ftp://oj.example.org'), /only http:\/\/ and https:\/\//);
    assert.throws(() => normalizeServerUrl('http://'), /is not a server URL/);
  });

  it('writes the tokens readable only by the user, tightening an older, wider file', () => {
    const file = path.join(dir, 'verdict', 'config.json');
    fs.mkdirSync(path.dirname(file), { mode: 0o755 });
    fs.writeFileSync(file, '{"servers":{}}', { mode: 0o644 });
    writeConfig({ servers: { 'http://a:1': { token: 't', username: 'admin', savedAt: 'now' } } }, file);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.equal(fs.statSync(path.dirname(file)).mode & 0o777, 0o700);
    assert.equal(readConfig(file).servers['http://a:1'].token, 't');
    assert.deepEqual(readConfig(path.join(dir, 'missing.json')), { servers: {} });
    fs.writeFileSync(file, '{oops');
    assert.throws(() => readConfig(file), /is not valid JSON; fix or delete it/);
  });
});
