import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark.tsx';
import { DocumentTitle } from './document-title.tsx';

/** Centered single column for the signed-out screens. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="outline-none mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-md flex-col justify-center gap-6 px-4 py-8"
    >
      <DocumentTitle title={title} />
      <BrandMark />
      {children}
    </main>
  );
}
