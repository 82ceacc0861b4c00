import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title.tsx';

type PageLayoutProps = {
  title: string;
  actions?: ReactNode;
  /** A way back, before the title (a screen reached from a list: the bet page). */
  back?: ReactNode;
  children: ReactNode;
};

/** A signed-in screen: sticky title bar with optional actions, then content. */
export function PageLayout({ title, actions, back, children }: PageLayoutProps) {
  return (
    <div className="mx-auto w-full max-w-md">
      <DocumentTitle title={title} />
      <header className="sticky top-0 z-10 flex h-14 items-center justify-between gap-2 border-b bg-background/90 px-4 backdrop-blur">
        <div className="flex min-w-0 items-center gap-1">
          {back}
          <h1 className="text-lg font-semibold">{title}</h1>
        </div>
        {actions}
      </header>
      <main id="main" tabIndex={-1} className="outline-none px-4 py-4">
        {children}
      </main>
    </div>
  );
}
