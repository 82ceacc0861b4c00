import { expect, test } from 'vitest';
import { isLinkable, linkableIn } from '../testing/linkable.ts';
import { inertUserText } from './mail-user-text.ts';

const hostile = [
  '=HYPERLINK("http://evil.example","x")',
  'http://x',
  'https://evil.example/login?next=1',
  'evil.example',
  'www.evil.example',
  'ada@evil.example',
  'mailto:ada@evil.example',
  'ftp://1.2.3.4/x',
  'tel:+15550100',
  'javascript:alert(1)',
  '1.2.3.4',
  'visit evil。example now',
  'visit evil．example now',
  'xn--80ak6aa92e.com',
  'Eve (see evil.example/path)',
];

test.each(hostile.map((text) => [text]))('%s is not linkable once inert', (text) => {
  expect(isLinkable(text), `the sample itself must be linkable: ${text}`).toBe(true);
  const inert = inertUserText(text);
  expect(isLinkable(inert), inert).toBe(false);
  expect(linkableIn(inert)).toEqual([]);
});

test('ordinary prose keeps its dots, decimals and punctuation', () => {
  for (const text of [
    'Lakers vs. Celtics',
    'wins by 3.5 points',
    'The end.',
    'Zoë & Łukasz 🎲',
    'a: b // c',
    'at 10:30',
    '$20, ok?',
  ])
    expect(inertUserText(text)).toBe(text);
});

test('defanging is visible and readable: brackets around the dot and the colon', () => {
  expect(inertUserText('http://evil.example')).toBe('http[:]//evil[.]example');
  expect(inertUserText('ada@evil.example')).toBe('ada@evil[.]example');
  expect(inertUserText('1.2.3.4')).toBe('1[.]2[.]3[.]4');
});
