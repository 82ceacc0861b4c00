import { NotFound } from '../../components/errors/not-found.tsx';

export function Component() {
  return <NotFound />;
}
