import { expect, test } from 'vitest';
import { updateProfileInputSchema } from './profiles.ts';

const base = { name: 'Ana', username: 'ana_b', phone: '5551112222', venmoHandle: '@ana' };

test('each malformed pay app is its own issue, beside the first failing required field', () => {
  const result = updateProfileInputSchema.safeParse({
    ...base,
    phone: '1',
    cashtag: '$9ana',
    paypalMe: 'ana_b',
  });
  expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['phone', 'cashtag', 'paypalMe']);
});

test('pay apps are stored without the $, blank or null as none, and absent as unchanged', () => {
  expect(updateProfileInputSchema.parse({ ...base, cashtag: ' $Ana_1 ', paypalMe: ' Ana1 ' })).toMatchObject({
    cashtag: 'Ana_1',
    paypalMe: 'Ana1',
  });
  expect(updateProfileInputSchema.parse({ ...base, cashtag: '', paypalMe: null })).toMatchObject({
    cashtag: null,
    paypalMe: null,
  });
  const absent = updateProfileInputSchema.parse(base);
  expect(absent.cashtag).toBeUndefined();
  expect(absent.paypalMe).toBeUndefined();
});
