import { toast } from '#web/lib/toast.ts';
import {
  categoryLabels,
  channelLabels,
  deliveryChannels,
  notificationCategories,
  preferenceMessages,
  type NotificationPreference,
} from '#domain/notification-preferences.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { useNotificationPreferences } from '../api/get-notification-preferences.ts';
import { useUpdateNotificationPreference } from '../api/update-notification-preference.ts';
import { LoadError } from '#web/components/errors/load-error.tsx';

const HEADING_ID = 'notification-settings-heading';

/** The 'Notifications' section of /settings: a Push and an Email switch per category, saved at once. */
export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreference({
    onSuccess: () => toast.success(preferenceMessages.saved),
    onError: (error) =>
      toast.error('Could not save the setting', { description: apiErrorMessage(error, 'Please try again.') }),
  });

  return (
    <Card className="gap-4 py-6">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={HEADING_ID}>Notifications</h2>
        </CardTitle>
        <CardDescription>
          What reaches you outside the app. Your activity inbox always shows everything.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.data ? (
          <SwitchGrid preferences={preferences.data} onChange={(input) => update.mutate(input)} />
        ) : preferences.isError ? (
          <LoadError
            query={preferences}
            message={apiErrorMessage(preferences.error, 'Could not load your notification settings.')}
            layout="plain"
            className="py-2"
          />
        ) : (
          <SwitchGridSkeleton />
        )}
      </CardContent>
    </Card>
  );
}

function ColumnHeads() {
  return (
    <div
      className="grid grid-cols-[1fr_3.5rem_3.5rem] items-center pb-1 text-xs font-medium text-muted-foreground"
      aria-hidden
    >
      <span />
      {deliveryChannels.map((channel) => (
        <span key={channel} className="text-center">
          {channelLabels[channel]}
        </span>
      ))}
    </div>
  );
}

function SwitchGrid({
  preferences,
  onChange,
}: {
  preferences: NotificationPreference[];
  onChange: (input: NotificationPreference) => void;
}) {
  const isOn = (category: string, channel: string) =>
    preferences.find((p) => p.category === category && p.channel === channel)?.enabled ?? false;
  return (
    <div>
      <ColumnHeads />
      <ul className="divide-y">
        {notificationCategories.map((category) => (
          <li key={category} className="grid min-h-12 grid-cols-[1fr_3.5rem_3.5rem] items-center">
            <span className="text-sm font-medium">{categoryLabels[category]}</span>
            {deliveryChannels.map((channel) => {
              const checked = isOn(category, channel);
              return (
                <span key={channel} className="flex justify-center">
                  <Switch
                    aria-label={`${categoryLabels[category]} ${channelLabels[channel]}`}
                    checked={checked}
                    onCheckedChange={(enabled) => onChange({ category, channel, enabled })}
                  />
                </span>
              );
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SwitchGridSkeleton() {
  return (
    <div role="status" aria-label="Loading notification settings">
      <ColumnHeads />
      <ul className="divide-y" aria-hidden>
        {notificationCategories.map((category) => (
          <li key={category} className="grid min-h-12 grid-cols-[1fr_3.5rem_3.5rem] items-center">
            <span className="h-4 w-28 animate-pulse rounded bg-muted" />
            <span className="mx-auto h-6 w-11 animate-pulse rounded-full bg-muted" />
            <span className="mx-auto h-6 w-11 animate-pulse rounded-full bg-muted" />
          </li>
        ))}
      </ul>
    </div>
  );
}
