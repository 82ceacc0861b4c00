import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { expect, test } from 'vitest';

// Guards the web test setup (vitest.config.ts): the component tests render with what ships, React 19's own
// react-dom (ADR 049). An alias to another library's React-shaped API (preact/compat says it is 18.3.1)
// fails here. scripts/size/renderer.ts checks the same of the shipped bundle.
test("component tests render with React 19's react-dom", () => {
  expect(version).toMatch(/^19\./);
  expect(domVersion).toBe(version);
});
