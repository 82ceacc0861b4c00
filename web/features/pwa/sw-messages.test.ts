import { describe, expect, test } from 'vitest';
import { isSkipWaitingMessage, readPushPayload, sameOriginPath, SKIP_WAITING } from './sw-messages.ts';

const ORIGIN = 'https://sidepot.example';

describe('readPushPayload', () => {
  test('reads the JSON the server sends', () => {
    expect(
      readPushPayload(
        JSON.stringify({ title: 'New challenge', body: 'Avery bet you $5', url: '/bets/1', tag: 'bet-1' }),
      ),
    ).toEqual({ title: 'New challenge', body: 'Avery bet you $5', url: '/bets/1', tag: 'bet-1' });
  });

  test('a payload without body, url or tag still shows, opening the inbox', () => {
    expect(readPushPayload('{"title":"Hi"}')).toEqual({ title: 'Hi', body: '', url: '/activity', tag: '' });
  });

  test.each([undefined, '', 'not json', '[]', 'null', '{"title":""}', '{"title":3}', '{"body":"x"}'])(
    'ignores what is not a payload (%s)',
    (text) => {
      expect(readPushPayload(text)).toBeNull();
    },
  );
});

describe('sameOriginPath', () => {
  test.each([
    ['/bets/abc', '/bets/abc'],
    ['/activity?x=1#top', '/activity?x=1#top'],
    ['/a/../home', '/home'],
  ])('keeps the path %s', (url, path) => {
    expect(sameOriginPath(url, ORIGIN)).toBe(path);
  });

  test.each([
    'https://evil.example/bets/1',
    '//evil.example/x',
    'javascript:alert(1)',
    'bets/1',
    '',
    42,
    null,
    '/\\evil.example',
  ])('refuses %s', (url) => {
    expect(sameOriginPath(url, ORIGIN)).toBeNull();
  });
});

test('the skip-waiting message is what workbox-window sends', () => {
  expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true);
  expect(isSkipWaitingMessage(SKIP_WAITING)).toBe(true);
  expect(isSkipWaitingMessage({ type: 'OTHER' })).toBe(false);
  expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(false);
});
