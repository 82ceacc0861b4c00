import { Component as PreactComponent } from 'preact';
import { Component } from 'react';
import { expect, test } from 'vitest';

// Guards the web test setup (vitest.config.ts): the component tests render with what ships, Preact through
// preact/compat (ADR 046), not with a react-dom that no user runs. Switching back to React removes this file
// with the aliases.
test("component tests render with the shipped renderer: 'react' is preact/compat", () => {
  expect(Component).toBe(PreactComponent);
});
