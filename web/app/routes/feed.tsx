import { PageLayout } from '../../components/layouts/page-layout.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { FeedEmpty } from '../../features/feed/components/feed-empty.tsx';
import { WeeklyLeadersCard } from '../../features/leaderboard/components/weekly-leaders-card.tsx';

export function Component() {
  return (
    <PageLayout title="Feed">
      <Tabs defaultValue="feed">
        <TabsList>
          <TabsTrigger value="feed">Feed</TabsTrigger>
          <TabsTrigger value="leaderboard">Leaderboard</TabsTrigger>
        </TabsList>
        <TabsContent value="feed">
          <FeedEmpty />
        </TabsContent>
        <TabsContent value="leaderboard">
          <WeeklyLeadersCard />
        </TabsContent>
      </Tabs>
    </PageLayout>
  );
}
