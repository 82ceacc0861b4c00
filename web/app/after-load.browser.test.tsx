import { afterEach, expect, test, vi } from 'vitest';
import { afterLoad } from './after-load.ts';

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

afterEach(() => {
  for (const name of ['sidepot.tz', 'sidepot.tzo']) document.cookie = `${name}=; path=/; max-age=0`;
  vi.restoreAllMocks();
});

test('the time zone cookie is written on a first visit, and the zone read again only when the offset changed', () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = String(new Date().getTimezoneOffset());
  const readZone = vi.spyOn(Intl, 'DateTimeFormat');

  afterLoad();
  expect(cookie('sidepot.tz')).toBe(encodeURIComponent(zone));
  expect(cookie('sidepot.tzo')).toBe(offset);
  expect(readZone).toHaveBeenCalledTimes(1);

  // The next pages: the page's first Intl object (tens of ms on a phone) is not made (ADR 068).
  afterLoad();
  afterLoad();
  expect(readZone).toHaveBeenCalledTimes(1);

  // Moved, or the clocks changed: the zone is read and both cookies written again.
  document.cookie = `sidepot.tzo=${Number(offset) + 60}; path=/`;
  afterLoad();
  expect(readZone).toHaveBeenCalledTimes(2);
  expect(cookie('sidepot.tzo')).toBe(offset);
});
