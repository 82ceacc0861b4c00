import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title.tsx';

type PageLayoutProps = { title: string; actions?: ReactNode; children: ReactNode };

/** A signed-in screen: sticky title bar with optional actions, then content. */
export function PageLayout({ title, actions, children }: PageLayoutProps) {
  return (
    <div className="mx-auto w-full max-w-md">
      <DocumentTitle title={title} />
      <header className="sticky top-0 z-10 flex h-14 items-center justify-between gap-2 border-b bg-background/90 px-4 backdrop-blur">
        <h1 className="text-lg font-semibold">{title}</h1>
        {actions}
      </header>
      <main id="main" tabIndex={-1} className="outline-none px-4 py-4">
        {children}
      </main>
    </div>
  );
}
