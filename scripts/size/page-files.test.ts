import { expect, test } from 'vitest';
import { entryFile, filesForPage, type ViteManifest } from './page-files.ts';

const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_button.js'],
    css: ['assets/index.css'],
  },
  '_button.js': { file: 'assets/button.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_button.js', 'index.html', '_input.js'] },
  '_input.js': { file: 'assets/input.js', imports: ['_form.js'], css: ['assets/input.css'] },
  '_dialog.js': { file: 'assets/dialog.js' },
  'app/routes/login.tsx': { file: 'assets/login.js', imports: ['_form.js'] },
  'app/routes/home.tsx': { file: 'assets/home.js', imports: ['_dialog.js'] },
};

test('a page loads the entry, its route chunk and their static imports transitively, each once', () => {
  const files = filesForPage(manifest, ['app/routes/login.tsx']);
  expect(files.js.sort()).toEqual([
    'assets/button.js',
    'assets/form.js',
    'assets/index.js',
    'assets/input.js',
    'assets/login.js',
  ]);
  expect(files.css.sort()).toEqual(['assets/index.css', 'assets/input.css']);
});

test("another route's chunks are not counted", () => {
  expect(filesForPage(manifest, ['app/routes/home.tsx']).js.sort()).toEqual([
    'assets/button.js',
    'assets/dialog.js',
    'assets/home.js',
    'assets/index.js',
  ]);
});

test('a route the manifest does not know is an error, not a silent zero', () => {
  expect(() => filesForPage(manifest, ['app/routes/gone.tsx'])).toThrow(/no chunk app\/routes\/gone\.tsx/);
});

test("the entry's file is index.html's chunk", () => {
  expect(entryFile(manifest)).toBe('assets/index.js');
  expect(() => entryFile({ '_button.js': { file: 'assets/button.js' } })).toThrow('no entry chunk');
});
