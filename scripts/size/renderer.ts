/**
 * Whether built JavaScript holds react-dom's client in its production build (ADR 049: the app renders with
 * React 19's own react-dom, not with a React-shaped alias, and ships React's production code, not its
 * development checks). Read from code react-dom always carries: the `__reactFiber$` key it stores on every
 * DOM node it renders, and the https://react.dev/errors/ links its production build gives errors instead
 * of the development build's messages.
 */
export function hasReactDomProductionClient(code: string): boolean {
  return code.includes('__reactFiber$') && code.includes('https://react.dev/errors/');
}
