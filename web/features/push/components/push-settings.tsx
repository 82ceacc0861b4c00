import { useEffect, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, apiErrorMessage } from '#web/lib/api-error.ts';
import { pushMessages, pushSubscriptionInputSchema } from '#domain/push.ts';
import { deleteSubscription, getPushConfig, saveSubscription } from '../api/push-api.ts';
import {
  applicationServerKey,
  existingSubscription,
  pushSupported,
  readyRegistration,
} from '../lib/browser-push.ts';

type PushState = 'checking' | 'off' | 'working' | 'on' | 'blocked' | 'unavailable';

/** Subscribes this device: asks the browser's permission only now, when the button was pressed. */
async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'blocked';
  const registration = await readyRegistration();
  if (!registration) return 'unavailable';
  const { publicKey } = await getPushConfig();
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    });
  } catch {
    // No reachable push service (headless browsers, some privacy settings).
    return 'unavailable';
  }
  const parsed = pushSubscriptionInputSchema.safeParse(subscription.toJSON());
  if (!parsed.success) {
    await subscription.unsubscribe();
    return 'unavailable';
  }
  await saveSubscription(parsed.data);
  return 'on';
}

/** The 'Push notifications' section of /settings. */
export function PushSettings() {
  const [state, setState] = useState<PushState>('checking');

  useEffect(() => {
    let cancelled = false;
    const initial = async (): Promise<PushState> => {
      if (!pushSupported()) return 'off';
      if (Notification.permission === 'denied') return 'blocked';
      return (await existingSubscription()) ? 'on' : 'off';
    };
    void initial()
      .catch((): PushState => 'off')
      .then((next) => {
        if (!cancelled) setState(next);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const enable = async () => {
    setState('working');
    try {
      setState(await enablePush());
    } catch (error) {
      setState('off');
      toast.error('Push notifications could not be turned on', {
        description: apiErrorMessage(error, 'Please try again.'),
      });
    }
  };

  const turnOff = async () => {
    setState('working');
    try {
      const subscription = await existingSubscription();
      if (subscription) {
        await deleteSubscription(subscription.endpoint).catch((error: unknown) => {
          // Already gone on the server (a 404): unsubscribing the browser is what matters.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (error) {
      setState('on');
      toast.error('Push notifications could not be turned off', {
        description: apiErrorMessage(error, 'Please try again.'),
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Push notifications</h2>
        </CardTitle>
        <CardDescription>
          Get challenges and bet updates on this device, even when Sidepot is closed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 px-6" aria-live="polite">
        {state === 'checking' && <Spinner label="Checking push notifications" />}
        {state === 'on' && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status">{pushMessages.on}</p>
            <Button variant="outline" onClick={() => void turnOff()}>
              {pushMessages.turnOff}
            </Button>
          </div>
        )}
        {(state === 'off' || state === 'working' || state === 'blocked' || state === 'unavailable') && (
          <>
            {state === 'blocked' && (
              <p role="alert" className="text-destructive text-sm">
                {pushMessages.blocked}
              </p>
            )}
            {state === 'unavailable' && (
              <p role="alert" className="text-destructive text-sm">
                {pushMessages.unavailable}
              </p>
            )}
            <Button className="w-full sm:w-auto" disabled={state === 'working'} onClick={() => void enable()}>
              {state === 'working' && <Spinner className="size-5 text-current" label="Working" />}
              {pushMessages.enable}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
