import { NotFound } from '#web/components/errors/not-found.tsx';

export function Component() {
  return <NotFound />;
}
