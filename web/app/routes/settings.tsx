import { PageLayout } from '#web/components/layouts/page-layout.tsx';
import { NotificationSettings } from '#web/features/settings/components/notification-settings.tsx';
import { PushSettings } from '#web/features/push/components/push-settings.tsx';
import { LimitSettings } from '#web/features/limits/components/limit-settings.tsx';

/**
 * /settings (with the limits of ADR 029): each section is
 * its feature's component, composed here so features stay apart.
 */
export function Component() {
  return (
    <PageLayout title="Settings">
      <div className="grid gap-6">
        <NotificationSettings />
        <PushSettings />
        <LimitSettings />
        {/* sections */}
      </div>
    </PageLayout>
  );
}
