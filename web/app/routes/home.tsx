import { PageLayout } from '../../components/layouts/page-layout.tsx';

export function Component() {
  return (
    <PageLayout title="Place a Bet">
      <p className="text-sm text-muted-foreground">Challenge a friend to a friendly wager.</p>
    </PageLayout>
  );
}
