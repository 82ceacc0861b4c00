import { Toaster as Sonner } from 'sonner';

/** The app's single toast outlet; rich colours make failure toasts red. */
export function Toaster() {
  return <Sonner position="top-center" richColors closeButton duration={5000} />;
}
