import { expect, test } from 'vitest';
import { isOwnOrigin } from './ipc-origin';

const own = 'http://127.0.0.1:3000';

test('pages of the app own server may use the bridge, on any path', () => {
  expect(isOwnOrigin('http://127.0.0.1:3000/settings', own)).toBe(true);
  expect(isOwnOrigin('http://127.0.0.1:3000/prompter/1/follow?x=1#y', own)).toBe(true);
});

test('another port, host, scheme, an opaque origin or no URL is refused', () => {
  expect(isOwnOrigin('http://127.0.0.1:3001/settings', own)).toBe(false);
  expect(isOwnOrigin('http://localhost:3000/settings', own)).toBe(false);
  expect(isOwnOrigin('https://127.0.0.1:3000/settings', own)).toBe(false);
  expect(isOwnOrigin('http://127.0.0.1:3000.evil.example/', own)).toBe(false);
  expect(isOwnOrigin('https://news.example.com/article', own)).toBe(false);
  expect(isOwnOrigin('file:///C:/Users/mcr/page.html', own)).toBe(false);
  expect(isOwnOrigin('data:text/html,<p>x</p>', 'null')).toBe(false);
  expect(isOwnOrigin('about:blank', own)).toBe(false);
  expect(isOwnOrigin(undefined, own)).toBe(false);
  expect(isOwnOrigin('', own)).toBe(false);
  expect(isOwnOrigin('not a url', own)).toBe(false);
});

test('before the server is ready (no origin yet) nothing is answered', () => {
  expect(isOwnOrigin('http://127.0.0.1:3000/', null)).toBe(false);
});
