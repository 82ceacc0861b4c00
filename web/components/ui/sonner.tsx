import { Toaster as Sonner } from 'sonner';

/**
 * The app's single toast outlet; rich colours make failure toasts red. Toasts
 * sit just above the bottom navigation: at the top they covered the header's
 * buttons (Settings) for their whole lifetime on phones.
 */
export function Toaster() {
  return (
    <Sonner
      position="bottom-center"
      offset={{ bottom: 'calc(4rem + 8px)' }}
      mobileOffset={{ bottom: 'calc(4rem + env(safe-area-inset-bottom) + 8px)' }}
      richColors
      closeButton
      duration={5000}
    />
  );
}
